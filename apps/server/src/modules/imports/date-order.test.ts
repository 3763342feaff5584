import { describe, expect, it } from 'vitest'
import { readDate, readInstant, slashDateOrder } from './cell-values.js'
import { dateOrderTally } from './date-order.js'

/** The order a file's date (and amount) cells decide, as the first pass over the file tallies them. */
function decide(delimiter: ',' | ';', dates: string[], amounts: string[] = []) {
  const tally = dateOrderTally(delimiter)
  for (const date of dates) tally.date(date)
  for (const amount of amounts) tally.amount(amount)
  return tally.decide()
}

describe('the order of a file’s slash dates', () => {
  it('reads a slash date in the order given, month first unless told', () => {
    expect(readDate('03/04/2027')).toBe('2027-03-04')
    expect(readDate('03/04/2027', 'day_first')).toBe('2027-04-03')
    expect(readDate('15/03/2027', 'day_first')).toBe('2027-03-15')
    expect(readDate('15/03/2027', 'month_first')).toBeUndefined()
    expect(readDate('3/31/2026', 'day_first')).toBeUndefined()
    // ISO and dotted dates have one order whatever the file's slash dates say.
    expect(readDate('2027-03-04', 'day_first')).toBe('2027-03-04')
    expect(readDate('04.03.2027', 'month_first')).toBe('2027-03-04')
    expect(readInstant('03/04/2027 2:15 PM', 'day_first')?.toISOString()).toBe(
      '2027-04-03T14:15:00.000Z',
    )
  })

  it('tells what a slash date shows of its order', () => {
    expect(slashDateOrder('15/03/2027')).toBe('day_first')
    expect(slashDateOrder('3/31/2026 2:15 PM')).toBe('month_first')
    expect(slashDateOrder('03/04/2027')).toBe('ambiguous')
    expect(slashDateOrder('03/03/2027')).toBe('same')
    // A date in neither order (31 February, month 31 and day 45) shows nothing.
    expect(slashDateOrder('31/02/2027')).toBeUndefined()
    expect(slashDateOrder('45/31/2027')).toBeUndefined()
    expect(slashDateOrder('2027-03-04')).toBeUndefined()
  })

  it('follows the dates that read in one order only, the order more of them show', () => {
    expect(decide(',', ['03/04/2027', '15/03/2027'])).toEqual({
      order: 'day_first',
      basis: 'dates',
      example: '15/03/2027',
    })
    // A `;` file of US dates is still month first: its dates say so.
    expect(decide(';', ['04/05/2026', '3/31/2026'], ['24.000,50'])).toEqual({
      order: 'month_first',
      basis: 'dates',
      example: '3/31/2026',
    })
    expect(decide(',', ['3/31/2026', '12/20/2026', '13/04/2026'])).toMatchObject({
      order: 'month_first',
      basis: 'dates',
    })
  })

  it('when no date shows the order, follows the file’s conventions: European day first, else month first', () => {
    expect(decide(';', ['03/04/2027'])).toEqual({ order: 'day_first', basis: 'conventions' })
    expect(decide(',', ['03/04/2027'], ['"24.000,50"', '900,00'])).toEqual({
      order: 'day_first',
      basis: 'conventions',
    })
    expect(decide(',', ['03/04/2027', '31.03.2027'])).toEqual({
      order: 'day_first',
      basis: 'conventions',
    })
    expect(decide(',', ['03/04/2027'], ['1,234.50', '$1,234', '12.5'])).toEqual({
      order: 'month_first',
      basis: 'conventions',
    })
    expect(decide(',', [], [])).toEqual({ order: 'month_first', basis: 'conventions' })
    // As many dates each way: the convention chooses, and its own date is the example.
    expect(decide(';', ['3/31/2026', '15/03/2027'])).toEqual({
      order: 'day_first',
      basis: 'conventions',
      example: '15/03/2027',
    })
  })
})
