import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ChartFrame, ChartLegendList } from './chart-frame'

const config = {
  won: { label: 'Won', color: '#059669' },
  lost: { label: 'Lost', color: '#dc2626' },
}

describe('ChartFrame', () => {
  it('draws the chart in the labelled, themed box', () => {
    render(
      <ChartFrame config={config} label="Won and lost deals per month" className="h-56">
        <svg data-testid="drawing" />
      </ChartFrame>,
    )
    const chart = screen.getByRole('img', { name: 'Won and lost deals per month' })
    expect(chart).toHaveClass('h-56')
    expect(chart.style.getPropertyValue('--color-lost')).toBe('#dc2626')
    expect(within(chart).getByTestId('drawing')).toBeInTheDocument()
  })

  it('keys the series in the order of the config, each with its colour', () => {
    render(
      <ChartFrame config={config} label="Won and lost deals per month">
        <ChartLegendList />
      </ChartFrame>,
    )
    const items = screen.getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(['Won', 'Lost'])
    expect(items[0]?.querySelector('span')).toHaveStyle({ backgroundColor: '#059669' })
  })
})
