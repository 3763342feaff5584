import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ChartFrame } from './chart-frame'
import { countTicks, type StackedBarRow, StackedBarRows } from './stacked-bar-rows'

const config = {
  won: { label: 'Won', color: '#059669' },
  lost: { label: 'Lost', color: '#dc2626' },
}

const ROWS: StackedBarRow[] = [
  { key: 'a', label: 'Find the pain', values: { won: 6, lost: 2 } },
  { key: 'b', label: 'Tailor the demo', values: { won: 0, lost: 3 } },
]

function renderChart(labelWidth = 220) {
  return render(
    <ChartFrame config={config} label="Won and lost deals per action">
      <StackedBarRows rows={ROWS} labelWidth={labelWidth} />
    </ChartFrame>,
  )
}

/** The segments of a bar, as their series colour and their width. */
function segments(row: HTMLElement) {
  return [...row.querySelectorAll<HTMLElement>('[data-slot=bar-segment]')].map((segment) => [
    segment.style.backgroundColor,
    segment.style.width,
  ])
}

describe('countTicks', () => {
  it('steps roundly from 0 and ends at the largest total', () => {
    expect(countTicks(51)).toEqual([0, 20, 40, 51])
    expect(countTicks(100)).toEqual([0, 25, 50, 75, 100])
    expect(countTicks(10)).toEqual([0, 5, 10])
    expect(countTicks(3)).toEqual([0, 1, 2, 3])
  })

  it('drops a round step too close to the end for both labels', () => {
    expect(countTicks(7)).toEqual([0, 2, 4, 7])
  })

  it('keeps to whole numbers, and has only 0 when nothing is counted', () => {
    expect(countTicks(1)).toEqual([0, 1])
    expect(countTicks(0)).toEqual([0])
  })
})

describe('StackedBarRows', () => {
  it('draws a bar per row, its series stacked in order, sized against the largest total', () => {
    renderChart()
    const chart = screen.getByRole('img', { name: 'Won and lost deals per action' })
    const [pain, demo] = chart.querySelectorAll<HTMLElement>('[data-slot=bar-row]')
    expect(pain).toHaveTextContent('Find the pain')
    expect(segments(pain!)).toEqual([
      ['var(--color-won)', '75%'],
      ['var(--color-lost)', '25%'],
    ])
    // A zero is no segment at all.
    expect(segments(demo!)).toEqual([['var(--color-lost)', '37.5%']])
    expect(within(chart).getByText('Won')).toBeInTheDocument()
    expect(within(chart).getByText('Lost')).toBeInTheDocument()
  })

  it('leaves the names out where it has no room for them', () => {
    renderChart(0)
    expect(screen.queryByText('Find the pain')).not.toBeInTheDocument()
    expect(document.querySelectorAll('[data-slot=bar-row]')).toHaveLength(2)
  })

  it('shows the counts of the bar pointed at, until the pointer leaves the chart', () => {
    renderChart()
    const chart = screen.getByRole('img', { name: 'Won and lost deals per action' })
    const [, demo] = chart.querySelectorAll<HTMLElement>('[data-slot=bar-row]')
    fireEvent.mouseMove(demo!, { clientX: 40, clientY: 50 })
    const tooltip = chart.querySelector<HTMLElement>('[data-slot=chart-tooltip]')
    expect(tooltip).toHaveTextContent('Tailor the demo')
    expect(tooltip).toHaveTextContent('Won0')
    expect(tooltip).toHaveTextContent('Lost3')
    fireEvent.mouseLeave(chart.firstElementChild!)
    expect(chart.querySelector('[data-slot=chart-tooltip]')).not.toBeInTheDocument()
  })
})
