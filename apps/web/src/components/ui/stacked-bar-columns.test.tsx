import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ChartFrame } from './chart-frame'
import { type BarColumn, PERCENT_SCALE, StackedBarColumns } from './stacked-bar-columns'

const config = {
  won: { label: 'Won', color: '#059669' },
  lost: { label: 'Lost', color: '#dc2626' },
}

const MONTHS: BarColumn[] = [
  { key: '2026-09', label: 'Sept 2026', values: { won: 6, lost: 2 } },
  { key: '2026-10', label: 'Oct 2026', values: { won: 0, lost: 4 } },
]

/** The segments of a column, bottom first, as their colour and their height. */
function segments(column: Element) {
  return [...column.querySelectorAll<HTMLElement>('[data-slot=bar-segment]')].map((segment) => [
    segment.style.backgroundColor,
    segment.style.height,
  ])
}

function columnsOf(name: string) {
  return screen.getByRole('img', { name }).querySelectorAll('[data-slot=bar-column]')
}

describe('StackedBarColumns', () => {
  it('stacks each column’s series in order against the largest total, with its name and a legend', () => {
    render(
      <ChartFrame config={config} label="Deals per month">
        <StackedBarColumns columns={MONTHS} legend />
      </ChartFrame>,
    )
    const [september, october] = columnsOf('Deals per month')
    expect(segments(september!)).toEqual([
      ['var(--color-won)', '75%'],
      ['var(--color-lost)', '25%'],
    ])
    // A zero is no segment at all.
    expect(segments(october!)).toEqual([['var(--color-lost)', '50%']])
    const chart = screen.getByRole('img', { name: 'Deals per month' })
    expect(within(chart).getByText('Sept 2026')).toBeInTheDocument()
    // The count axis ends at the largest total, 8.
    expect(within(chart).getByText('8')).toBeInTheDocument()
    expect(within(chart).getByText('Won')).toBeInTheDocument()
  })

  it('draws a one-series chart in each column’s own colour, on a percent axis', () => {
    render(
      <ChartFrame config={{ rate: { label: 'Win rate', color: '#059669' } }} label="Win rate">
        <StackedBarColumns
          columns={[
            { key: '0', label: '0–9', values: { rate: 25 }, colour: '#dc2626' },
            { key: '10', label: '10–19', values: { rate: 0 }, colour: '#dc2626' },
          ]}
          scale={PERCENT_SCALE}
        />
      </ChartFrame>,
    )
    const [low, empty] = columnsOf('Win rate')
    expect(segments(low!)).toEqual([['rgb(220, 38, 38)', '25%']])
    expect(segments(empty!)).toEqual([])
    const chart = screen.getByRole('img', { name: 'Win rate' })
    expect(within(chart).getByText('100%')).toBeInTheDocument()
    expect(within(chart).queryByText('Win rate')).not.toBeInTheDocument()
  })

  it('names every few columns when there are many', () => {
    const days = Array.from({ length: 30 }, (_, day) => ({
      key: String(day),
      label: `Day ${day + 1}`,
      values: { won: day },
    }))
    render(
      <ChartFrame config={config} label="Deals per day">
        <StackedBarColumns columns={days} />
      </ChartFrame>,
    )
    const chart = screen.getByRole('img', { name: 'Deals per day' })
    // At most 12 names: every third of 30.
    expect(within(chart).getByText('Day 1')).toBeInTheDocument()
    expect(within(chart).queryByText('Day 2')).not.toBeInTheDocument()
    expect(within(chart).getByText('Day 4')).toBeInTheDocument()
    expect(within(chart).getByText('Day 28')).toBeInTheDocument()
  })

  it('shows the values of the column pointed at, until the pointer leaves the chart', () => {
    render(
      <ChartFrame config={config} label="Deals per month">
        <StackedBarColumns columns={MONTHS} />
      </ChartFrame>,
    )
    const chart = screen.getByRole('img', { name: 'Deals per month' })
    const [, october] = columnsOf('Deals per month')
    fireEvent.mouseMove(october!, { clientX: 40, clientY: 50 })
    const tooltip = chart.querySelector<HTMLElement>('[data-slot=chart-tooltip]')
    expect(tooltip).toHaveTextContent('Oct 2026')
    expect(tooltip).toHaveTextContent('Won0')
    expect(tooltip).toHaveTextContent('Lost4')
    fireEvent.mouseLeave(chart.firstElementChild!)
    expect(chart.querySelector('[data-slot=chart-tooltip]')).not.toBeInTheDocument()
  })
})
