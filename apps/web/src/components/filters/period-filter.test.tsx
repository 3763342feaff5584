import '@/test-support/dom-polyfills'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { DATE_DEBOUNCE_MS, type PeriodChange, PeriodFilter } from './period-filter'

const END_BEFORE_START = 'The end date must be on or after the start date.'

/** Longer than typing must pause before the dates apply. */
const pause = () => new Promise((resolve) => setTimeout(resolve, DATE_DEBOUNCE_MS + 100))

/** The filter as a page holds it: the applied range is what onChange last said. */
function Harness({
  onApply,
  initial,
}: {
  onApply: (change: PeriodChange) => void
  initial: PeriodChange
}) {
  const [applied, setApplied] = useState(initial)
  return (
    <>
      <PeriodFilter
        {...applied}
        onChange={(change) => {
          onApply(change)
          setApplied(change)
        }}
      />
      <button
        type="button"
        onClick={() => setApplied({ period: undefined, startDate: undefined, endDate: undefined })}
      >
        Clear filters
      </button>
    </>
  )
}

const custom = (startDate?: string, endDate?: string): PeriodChange => ({
  period: 'custom',
  startDate,
  endDate,
})

describe('PeriodFilter: custom dates', () => {
  it('says at the end date when it comes before the start, and applies the dates once they make a range', async () => {
    const user = userEvent.setup()
    const onApply = vi.fn()
    render(<Harness onApply={onApply} initial={custom('2026-03-01', '2026-03-31')} />)
    const from = screen.getByLabelText('From')
    const to = screen.getByLabelText('To')
    expect(to).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    // From after To: not applied, not swapped; the end date says why.
    await user.clear(from)
    await user.type(from, '2026-04-15')
    expect(from).toHaveValue('2026-04-15')
    expect(to).toHaveValue('2026-03-31')
    expect(screen.getByRole('alert')).toHaveTextContent(END_BEFORE_START)
    expect(to).toHaveAttribute('aria-invalid', 'true')
    expect(to).toHaveAccessibleDescription(END_BEFORE_START)
    await pause()
    expect(onApply).not.toHaveBeenCalledWith(expect.objectContaining({ startDate: '2026-04-15' }))

    // A later end date makes a range again: applied as typed once typing pauses.
    await user.clear(to)
    await user.type(to, '2026-04-30')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(to).not.toHaveAttribute('aria-invalid')
    await waitFor(() =>
      expect(onApply).toHaveBeenLastCalledWith(custom('2026-04-15', '2026-04-30')),
    )
  })

  it('applies the dates at once on Enter, and never while they run backwards', async () => {
    const user = userEvent.setup()
    const onApply = vi.fn()
    render(<Harness onApply={onApply} initial={custom('2026-03-01', '2026-03-31')} />)
    const from = screen.getByLabelText('From')
    await user.clear(from)
    await user.type(from, '2026-05-01{Enter}')
    await pause()
    expect(onApply).not.toHaveBeenCalledWith(expect.objectContaining({ startDate: '2026-05-01' }))
    await user.clear(from)
    await user.type(from, '2026-03-15{Enter}')
    expect(onApply).toHaveBeenLastCalledWith(custom('2026-03-15', '2026-03-31'))
  })

  it('offers dates within the range the server reads only', () => {
    render(<Harness onApply={vi.fn()} initial={custom('2026-03-01', '2026-03-31')} />)
    for (const label of ['From', 'To']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('min', '1900-01-01')
      expect(screen.getByLabelText(label)).toHaveAttribute('max', '9999-12-31')
    }
  })

  it('takes one day as a range', async () => {
    const user = userEvent.setup()
    const onApply = vi.fn()
    render(<Harness onApply={onApply} initial={custom('2026-03-01', '2026-03-31')} />)
    const from = screen.getByLabelText('From')
    await user.clear(from)
    await user.type(from, '2026-03-31')
    await waitFor(() => expect(onApply).toHaveBeenCalledWith(custom('2026-03-31', '2026-03-31')))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says so for backward dates that came from the URL, and forgets what was typed when the filters are cleared', async () => {
    const user = userEvent.setup()
    const onApply = vi.fn()
    render(<Harness onApply={onApply} initial={custom('2026-03-31', '2026-03-01')} />)
    expect(screen.getByRole('alert')).toHaveTextContent(END_BEFORE_START)
    // Spec §5: a field with an error has a red asterisk beside its label.
    const to = screen.getByLabelText(/^To/)
    expect(to).toHaveAttribute('aria-invalid', 'true')
    expect(to).toHaveAccessibleName('To')

    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(onApply).not.toHaveBeenCalled()
  })
})
