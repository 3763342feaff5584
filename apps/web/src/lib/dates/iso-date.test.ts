import { describe, expect, it } from 'vitest'
import { parseIsoDate, parseLocalDateTime, toIsoDate, toLocalDateTime } from './iso-date'
import { day, endOf } from './test-days'

describe('toIsoDate', () => {
  it('gives the local calendar date', () => {
    expect(toIsoDate(day('2026-01-01'))).toBe('2026-01-01')
    expect(toIsoDate(endOf('2026-12-31'))).toBe('2026-12-31')
    expect(toIsoDate(day('2028-02-29', 12))).toBe('2028-02-29')
    expect(toIsoDate(day('2026-03-05', 23, 59, 59, 999))).toBe('2026-03-05')
  })

  it('throws on an invalid Date', () => {
    expect(() => toIsoDate(new Date(NaN))).toThrow(RangeError)
  })
})

describe('parseIsoDate', () => {
  it('reads yyyy-MM-dd as local midnight', () => {
    expect(parseIsoDate('2026-03-05')).toEqual(day('2026-03-05'))
    expect(parseIsoDate('2026-01-01')).toEqual(day('2026-01-01'))
    expect(parseIsoDate('2026-12-31')).toEqual(day('2026-12-31'))
    expect(parseIsoDate('2028-02-29')).toEqual(day('2028-02-29'))
  })

  it('keeps two-digit years literal', () => {
    const date = parseIsoDate('0099-01-01')
    expect(date?.getFullYear()).toBe(99)
    expect(date && toIsoDate(date)).toBe('0099-01-01')
  })

  it.each([
    '2026-02-29',
    '2026-02-30',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-03-00',
    '2026-3-5',
    '26-03-05',
    '2026/03/05',
    '2026-03-05T00:00:00Z',
    ' 2026-03-05',
    '',
  ])('rejects %j', (value) => {
    expect(parseIsoDate(value)).toBeNull()
  })

  it('round-trips with toIsoDate', () => {
    for (const iso of ['2025-12-31', '2026-01-01', '2026-03-31', '2026-04-01', '2028-02-29']) {
      const date = parseIsoDate(iso)
      expect(date && toIsoDate(date)).toBe(iso)
    }
  })
})

describe('local date and time (datetime-local inputs)', () => {
  it('shows an instant in local time to the minute and reads it back', () => {
    const instant = new Date(2026, 2, 29, 1, 30, 45)
    expect(toLocalDateTime(instant)).toBe('2026-03-29T01:30')
    expect(toLocalDateTime(instant.toISOString())).toBe('2026-03-29T01:30')
    expect(parseLocalDateTime('2026-03-29T01:30')).toEqual(new Date(2026, 2, 29, 1, 30))
  })

  it.each(['', '2026-03-29', '2026-02-30T10:00', '2026-03-29T25:00', '2026-03-29 10:00'])(
    'rejects %j',
    (value) => {
      expect(parseLocalDateTime(value)).toBeNull()
    },
  )
})
