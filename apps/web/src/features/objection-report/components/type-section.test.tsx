import '@/test-support/dom-polyfills'
import type { CommonObjections } from '@dealcoach/contracts/objection-analysis'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TypeTrend } from './type-section'

const WEEKS = ['2026-02-09', '2026-02-16']
const none = { deals: 0, closed: 0, won: 0, win_rate: null, progressed: 0, progress_rate: null }

/** Type n raised n times in the second week only: the least raised last. */
function report(count: number): CommonObjections {
  const types = Array.from({ length: count }, (_, index) => {
    const raised = count - index
    return {
      objection_type_id: `00000000-0000-4000-8000-0000000000${String(index + 10)}`,
      name: `Kind ${String(index + 1)}`,
      active: true,
      raised,
      handled: 0,
      handled_rate: 0,
      share: null,
      deals: raised,
      trend: [{ start: WEEKS[1]!, raised, handled: 0, handled_rate: 0 }],
      outcomes: { handled: none, not_handled: none },
    }
  })
  const total = types.reduce((sum, type) => sum + type.raised, 0)
  return {
    total: { raised: total, handled: 0, handled_rate: 0, deals: total },
    interval: 'week',
    trend: [
      { start: WEEKS[0]!, raised: 0, handled: 0, handled_rate: null },
      { start: WEEKS[1]!, raised: total, handled: 0, handled_rate: 0 },
    ],
    types,
  }
}

describe('the trend of objection types', () => {
  it('lists every type raised in its table, beyond the six the chart draws', () => {
    render(<TypeTrend report={report(8)} />)
    const table = screen.getByRole('table', { name: 'Objections raised per week and type' })
    const header = within(table).getAllByRole('columnheader')
    expect(header.map((cell) => cell.textContent)).toEqual([
      'Starting',
      ...Array.from({ length: 8 }, (_, index) => `Kind ${String(index + 1)}`),
      'Handled, all types',
    ])
    const [, first, second] = within(table).getAllByRole('row')
    // The least raised type, which the chart leaves out, has its count in the table.
    expect(within(second!).getAllByRole('cell').at(-2)).toHaveTextContent('1')
    expect(within(first!).getAllByRole('cell').at(-2)).toHaveTextContent('0')
  })

  it('draws the five most raised apart and the rest as other types, so a column is every objection', () => {
    const { container } = render(<TypeTrend report={report(8)} />)
    const legend = container.querySelector('[data-slot="chart-legend"]')!
    expect(
      within(legend as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Kind 1', 'Kind 2', 'Kind 3', 'Kind 4', 'Kind 5', 'Other types'])
    const [empty, raised] = container.querySelectorAll('[data-slot="bar-column"]')
    expect(empty!.querySelectorAll('[data-slot="bar-segment"]')).toHaveLength(0)
    // Kinds 6, 7 and 8 raised 3, 2 and 1 times: one part of 6 on top of the five named ones.
    const parts = [...raised!.querySelectorAll<HTMLElement>('[data-slot="bar-segment"]')]
    expect(parts.map((part) => part.style.height)).toEqual(
      [8, 7, 6, 5, 4, 6].map((count) => `${String((count / 36) * 100)}%`),
    )
  })

  it('names every type when there are no more than six', () => {
    const { container } = render(<TypeTrend report={report(6)} />)
    const legend = container.querySelector('[data-slot="chart-legend"]')!
    expect(within(legend as HTMLElement).getAllByRole('listitem')).toHaveLength(6)
    expect(legend).not.toHaveTextContent('Other types')
  })
})
