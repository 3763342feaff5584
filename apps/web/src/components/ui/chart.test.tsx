import '@/test-support/dom-polyfills'
import { render, screen } from '@testing-library/react'
import { Bar, BarChart } from 'recharts'
import { describe, expect, it } from 'vitest'
import { ChartContainer } from './chart'

const config = {
  won: { label: 'Won', color: '#059669' },
  lost: { label: 'Lost', color: '#dc2626' },
}

describe('ChartContainer', () => {
  it('is one labelled image whose series colours are CSS variables', () => {
    render(
      <ChartContainer config={config} label="Won and lost deals per month">
        <BarChart data={[{ won: 1, lost: 2 }]}>
          <Bar dataKey="won" fill="var(--color-won)" />
        </BarChart>
      </ChartContainer>,
    )
    const chart = screen.getByRole('img', { name: 'Won and lost deals per month' })
    expect(chart).toHaveAttribute('dir', 'ltr')
    expect(chart.style.getPropertyValue('--color-won')).toBe('#059669')
    expect(chart.style.getPropertyValue('--color-lost')).toBe('#dc2626')
  })
})
