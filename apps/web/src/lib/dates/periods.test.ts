import { differenceInCalendarDays } from 'date-fns'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  applyPeriod,
  DEFAULT_PERIOD,
  isPeriod,
  isReversedRange,
  type Period,
  type PeriodFilterState,
  periodIsoDates,
  PERIODS,
  periodRange,
} from './periods'
import { toIsoDate } from './iso-date'
import { day, endOf } from './test-days'

afterEach(() => {
  vi.useRealTimers()
})

describe('PERIODS and isPeriod', () => {
  it('lists every preset of spec §9 plus custom', () => {
    expect([...PERIODS].sort()).toEqual(
      [
        'yesterday',
        'this_week',
        'week',
        'this_month',
        'this_quarter',
        'this_year',
        'month',
        'quarter',
        'last_quarter',
        'year',
        'last_3_months',
        'all',
        'allTime',
        'thisWeek',
        'thisMonth',
        'thisQuarter',
        'thisYear',
        'nextWeek',
        'nextMonth',
        'nextQuarter',
        'nextYear',
        'custom',
      ].sort(),
    )
    expect(new Set(PERIODS).size).toBe(PERIODS.length)
  })

  it('defaults to all time (spec §3)', () => {
    expect(DEFAULT_PERIOD).toBe('allTime')
  })

  it('accepts every listed period', () => {
    for (const period of PERIODS) expect(isPeriod(period)).toBe(true)
  })

  it.each([
    ['All'],
    ['alltime'],
    ['last_week'],
    [''],
    [null],
    [undefined],
    [7],
    [{}],
    ['toString'],
  ])('rejects %j', (value) => {
    expect(isPeriod(value)).toBe(false)
  })
})

type Case = [period: Period, first: string, last: string]

/** The exact range of every preset, keyed by "today". */
const PRESET_CASES: Record<string, Case[]> = {
  // Thursday, first day of a year and of a quarter.
  '2026-01-01': [
    ['yesterday', '2025-12-31', '2025-12-31'],
    ['this_week', '2025-12-29', '2026-01-04'],
    ['thisWeek', '2025-12-29', '2026-01-04'],
    ['week', '2025-12-26', '2026-01-01'],
    ['this_month', '2026-01-01', '2026-01-31'],
    ['thisMonth', '2026-01-01', '2026-01-31'],
    ['this_quarter', '2026-01-01', '2026-03-31'],
    ['thisQuarter', '2026-01-01', '2026-03-31'],
    ['this_year', '2026-01-01', '2026-12-31'],
    ['thisYear', '2026-01-01', '2026-12-31'],
    ['month', '2025-12-03', '2026-01-01'],
    ['quarter', '2025-10-04', '2026-01-01'],
    ['last_quarter', '2025-10-01', '2025-12-31'],
    ['year', '2025-01-02', '2026-01-01'],
    ['last_3_months', '2025-10-01', '2026-01-01'],
    ['nextWeek', '2026-01-05', '2026-01-11'],
    ['nextMonth', '2026-02-01', '2026-02-28'],
    ['nextQuarter', '2026-04-01', '2026-06-30'],
    ['nextYear', '2027-01-01', '2027-12-31'],
  ],
  // Tuesday, last day of Q1; the week runs into April.
  '2026-03-31': [
    ['yesterday', '2026-03-30', '2026-03-30'],
    ['this_week', '2026-03-30', '2026-04-05'],
    ['thisWeek', '2026-03-30', '2026-04-05'],
    ['week', '2026-03-25', '2026-03-31'],
    ['this_month', '2026-03-01', '2026-03-31'],
    ['thisMonth', '2026-03-01', '2026-03-31'],
    ['this_quarter', '2026-01-01', '2026-03-31'],
    ['thisQuarter', '2026-01-01', '2026-03-31'],
    ['this_year', '2026-01-01', '2026-12-31'],
    ['thisYear', '2026-01-01', '2026-12-31'],
    ['month', '2026-03-02', '2026-03-31'],
    ['quarter', '2026-01-01', '2026-03-31'],
    ['last_quarter', '2025-10-01', '2025-12-31'],
    ['year', '2025-04-01', '2026-03-31'],
    ['last_3_months', '2025-12-31', '2026-03-31'],
    ['nextWeek', '2026-04-06', '2026-04-12'],
    ['nextMonth', '2026-04-01', '2026-04-30'],
    ['nextQuarter', '2026-04-01', '2026-06-30'],
    ['nextYear', '2027-01-01', '2027-12-31'],
  ],
  // Wednesday, first day of Q2; the week started in March.
  '2026-04-01': [
    ['yesterday', '2026-03-31', '2026-03-31'],
    ['this_week', '2026-03-30', '2026-04-05'],
    ['thisWeek', '2026-03-30', '2026-04-05'],
    ['week', '2026-03-26', '2026-04-01'],
    ['this_month', '2026-04-01', '2026-04-30'],
    ['thisMonth', '2026-04-01', '2026-04-30'],
    ['this_quarter', '2026-04-01', '2026-06-30'],
    ['thisQuarter', '2026-04-01', '2026-06-30'],
    ['this_year', '2026-01-01', '2026-12-31'],
    ['thisYear', '2026-01-01', '2026-12-31'],
    ['month', '2026-03-03', '2026-04-01'],
    ['quarter', '2026-01-02', '2026-04-01'],
    ['last_quarter', '2026-01-01', '2026-03-31'],
    ['year', '2025-04-02', '2026-04-01'],
    ['last_3_months', '2026-01-01', '2026-04-01'],
    ['nextWeek', '2026-04-06', '2026-04-12'],
    ['nextMonth', '2026-05-01', '2026-05-31'],
    ['nextQuarter', '2026-07-01', '2026-09-30'],
    ['nextYear', '2027-01-01', '2027-12-31'],
  ],
  // Thursday, last day of a year; the week runs into the next year.
  '2026-12-31': [
    ['yesterday', '2026-12-30', '2026-12-30'],
    ['this_week', '2026-12-28', '2027-01-03'],
    ['thisWeek', '2026-12-28', '2027-01-03'],
    ['week', '2026-12-25', '2026-12-31'],
    ['this_month', '2026-12-01', '2026-12-31'],
    ['thisMonth', '2026-12-01', '2026-12-31'],
    ['this_quarter', '2026-10-01', '2026-12-31'],
    ['thisQuarter', '2026-10-01', '2026-12-31'],
    ['this_year', '2026-01-01', '2026-12-31'],
    ['thisYear', '2026-01-01', '2026-12-31'],
    ['month', '2026-12-02', '2026-12-31'],
    ['quarter', '2026-10-03', '2026-12-31'],
    ['last_quarter', '2026-07-01', '2026-09-30'],
    ['year', '2026-01-01', '2026-12-31'],
    ['last_3_months', '2026-09-30', '2026-12-31'],
    ['nextWeek', '2027-01-04', '2027-01-10'],
    ['nextMonth', '2027-01-01', '2027-01-31'],
    ['nextQuarter', '2027-01-01', '2027-03-31'],
    ['nextYear', '2027-01-01', '2027-12-31'],
  ],
  // A Monday: yesterday is the previous Friday, and the week starts today.
  '2026-03-02': [
    ['yesterday', '2026-02-27', '2026-02-27'],
    ['this_week', '2026-03-02', '2026-03-08'],
    ['thisWeek', '2026-03-02', '2026-03-08'],
    ['week', '2026-02-24', '2026-03-02'],
    ['month', '2026-02-01', '2026-03-02'],
    ['nextWeek', '2026-03-09', '2026-03-15'],
  ],
  // A Sunday: the last day of its Monday-start week; yesterday is Saturday.
  '2026-03-08': [
    ['yesterday', '2026-03-07', '2026-03-07'],
    ['this_week', '2026-03-02', '2026-03-08'],
    ['thisWeek', '2026-03-02', '2026-03-08'],
    ['week', '2026-03-02', '2026-03-08'],
    ['nextWeek', '2026-03-09', '2026-03-15'],
  ],
  // Leap day, a Tuesday.
  '2028-02-29': [
    ['yesterday', '2028-02-28', '2028-02-28'],
    ['this_week', '2028-02-28', '2028-03-05'],
    ['thisWeek', '2028-02-28', '2028-03-05'],
    ['week', '2028-02-23', '2028-02-29'],
    ['this_month', '2028-02-01', '2028-02-29'],
    ['thisMonth', '2028-02-01', '2028-02-29'],
    ['this_quarter', '2028-01-01', '2028-03-31'],
    ['thisQuarter', '2028-01-01', '2028-03-31'],
    ['this_year', '2028-01-01', '2028-12-31'],
    ['thisYear', '2028-01-01', '2028-12-31'],
    ['month', '2028-01-31', '2028-02-29'],
    ['quarter', '2027-12-02', '2028-02-29'],
    ['last_quarter', '2027-10-01', '2027-12-31'],
    ['year', '2027-03-02', '2028-02-29'],
    ['last_3_months', '2027-11-29', '2028-02-29'],
    ['nextWeek', '2028-03-06', '2028-03-12'],
    ['nextMonth', '2028-03-01', '2028-03-31'],
    ['nextQuarter', '2028-04-01', '2028-06-30'],
    ['nextYear', '2029-01-01', '2029-12-31'],
  ],
  // 31 May: three months back clamps to the end of February.
  '2026-05-31': [['last_3_months', '2026-02-28', '2026-05-31']],
}

describe('periodRange', () => {
  describe.each(Object.entries(PRESET_CASES))('today = %s', (today, cases) => {
    it.each(cases)('%s → %s … %s', (period, first, last) => {
      expect(periodRange(period, day(today))).toEqual({ start: day(first), end: endOf(last) })
    })
  })

  it('covers every preset that has a range in the boundary tables', () => {
    const tested = new Set(PRESET_CASES['2026-01-01']?.map(([period]) => period))
    const withRange = PERIODS.filter((p) => p !== 'all' && p !== 'allTime' && p !== 'custom')
    expect(withRange.filter((p) => !tested.has(p))).toEqual([])
  })

  it.each<Period>(['all', 'allTime', 'custom'])('has no range for %s', (period) => {
    expect(periodRange(period, day('2026-03-05'))).toBeNull()
  })

  it.each<[string, string]>([
    ['2026-03-02', '2026-02-27'], // Monday → Friday
    ['2026-06-01', '2026-05-29'], // across a month
    ['2029-01-01', '2028-12-29'], // across a year
    ['2026-03-03', '2026-03-02'], // Tuesday → Monday
    ['2026-03-07', '2026-03-06'], // Saturday → Friday
    ['2026-03-08', '2026-03-07'], // Sunday → Saturday: only Monday skips back
  ])('yesterday on %s is %s', (today, expected) => {
    expect(periodRange('yesterday', day(today))).toEqual({
      start: day(expected),
      end: endOf(expected),
    })
  })

  it('ignores the time of day of today', () => {
    const range = periodRange('week', day('2026-03-05', 23, 59, 59, 999))
    expect(range).toEqual({ start: day('2026-02-27'), end: endOf('2026-03-05') })
  })

  it('uses the current date by default', () => {
    vi.useFakeTimers()
    vi.setSystemTime(day('2026-03-02', 9, 30))
    expect(periodRange('yesterday')).toEqual({ start: day('2026-02-27'), end: endOf('2026-02-27') })
  })

  it('gives whole-day ranges of the right length on every day of 2026–2028', () => {
    // Every day of three years includes each DST change of whatever TZ runs the suite.
    const fixedLengths: Partial<Record<Period, number>> = {
      yesterday: 1,
      this_week: 7,
      thisWeek: 7,
      nextWeek: 7,
      week: 7,
      month: 30,
      quarter: 90,
      year: 365,
    }
    const withRange = PERIODS.filter((p) => p !== 'all' && p !== 'allTime' && p !== 'custom')
    const problems: string[] = []
    for (let today = day('2026-01-01'); today.getFullYear() < 2029;) {
      for (const period of withRange) {
        const range = periodRange(period, today)
        const label = `${period} on ${toIsoDate(today)}`
        if (!range) {
          problems.push(`${label}: no range`)
          continue
        }
        const { start, end } = range
        if (start.getTime() !== day(toIsoDate(start)).getTime()) problems.push(`${label}: start`)
        if (end.getTime() !== endOf(toIsoDate(end)).getTime()) problems.push(`${label}: end`)
        if (start > end) problems.push(`${label}: start after end`)
        const length = fixedLengths[period]
        if (length && differenceInCalendarDays(end, start) + 1 !== length) {
          problems.push(`${label}: not ${length} days`)
        }
        if (period.startsWith('this') && !(start <= today && today <= end)) {
          problems.push(`${label}: excludes today`)
        }
        if (period.startsWith('next') && !(start > today)) problems.push(`${label}: not ahead`)
      }
      today = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1)
    }
    expect(problems).toEqual([])
  })
})

describe('periodIsoDates', () => {
  it.each<[Period, string, string, string]>([
    ['thisMonth', '2026-03-05', '2026-03-01', '2026-03-31'],
    ['yesterday', '2026-03-02', '2026-02-27', '2026-02-27'],
    ['week', '2026-03-05', '2026-02-27', '2026-03-05'],
    ['nextYear', '2026-12-31', '2027-01-01', '2027-12-31'],
  ])('%s on %s is %s … %s, its first and last day', (period, today, startDate, endDate) => {
    expect(periodIsoDates(period, day(today, 23, 59, 59, 999))).toEqual({ startDate, endDate })
  })

  it.each<Period>(['all', 'allTime', 'custom'])('has no dates for %s', (period) => {
    expect(periodIsoDates(period, day('2026-03-05'))).toBeNull()
  })

  it('uses the current date by default', () => {
    vi.useFakeTimers()
    vi.setSystemTime(day('2026-03-02', 9, 30))
    expect(periodIsoDates('yesterday')).toEqual({ startDate: '2026-02-27', endDate: '2026-02-27' })
  })
})

describe('applyPeriod (spec §4)', () => {
  const initial = {
    selectedPeriod: 'allTime',
    customStartDate: null,
    customEndDate: null,
    ownerId: 'owner-1',
  } satisfies PeriodFilterState & { ownerId: string }

  const manual: PeriodFilterState & { ownerId: string } = {
    selectedPeriod: 'custom',
    customStartDate: '2026-02-10',
    customEndDate: '2026-02-20',
    ownerId: 'owner-1',
  }

  it('fills the custom dates from a preset and keeps other filters', () => {
    expect(applyPeriod(initial, 'this_month', day('2026-03-05'))).toEqual({
      selectedPeriod: 'this_month',
      customStartDate: '2026-03-01',
      customEndDate: '2026-03-31',
      ownerId: 'owner-1',
    })
  })

  it('replaces manual dates when a preset is chosen', () => {
    expect(applyPeriod(manual, 'week', day('2026-03-05'))).toEqual({
      selectedPeriod: 'week',
      customStartDate: '2026-02-27',
      customEndDate: '2026-03-05',
      ownerId: 'owner-1',
    })
  })

  it('fills a single day for yesterday on a Monday', () => {
    expect(applyPeriod(initial, 'yesterday', day('2026-03-02'))).toMatchObject({
      customStartDate: '2026-02-27',
      customEndDate: '2026-02-27',
    })
  })

  it('fills a range across a year boundary', () => {
    expect(applyPeriod(initial, 'last_quarter', day('2026-01-01'))).toMatchObject({
      customStartDate: '2025-10-01',
      customEndDate: '2025-12-31',
    })
  })

  it.each<Period>(['all', 'allTime'])('clears the dates for %s', (period) => {
    expect(applyPeriod(manual, period, day('2026-03-05'))).toEqual({
      selectedPeriod: period,
      customStartDate: null,
      customEndDate: null,
      ownerId: 'owner-1',
    })
  })

  it('keeps the manual dates when custom is chosen', () => {
    const fromPreset = { ...manual, selectedPeriod: 'this_week' as const }
    expect(applyPeriod(fromPreset, 'custom', day('2026-03-05'))).toEqual({
      selectedPeriod: 'custom',
      customStartDate: '2026-02-10',
      customEndDate: '2026-02-20',
      ownerId: 'owner-1',
    })
    expect(applyPeriod(initial, 'custom', day('2026-03-05'))).toEqual({
      ...initial,
      selectedPeriod: 'custom',
    })
  })

  it('returns a new state and leaves the old one untouched', () => {
    const before = { ...manual }
    const after = applyPeriod(manual, 'thisYear', day('2026-03-05'))
    expect(after).not.toBe(manual)
    expect(manual).toEqual(before)
  })

  it('uses the current date by default', () => {
    vi.useFakeTimers()
    vi.setSystemTime(day('2026-12-31', 18))
    expect(applyPeriod(initial, 'nextWeek')).toMatchObject({
      customStartDate: '2027-01-04',
      customEndDate: '2027-01-10',
    })
  })
})

describe('isReversedRange', () => {
  it('is true only when both dates are there and the end comes before the start', () => {
    expect(isReversedRange('2026-02-10', '2026-01-05')).toBe(true)
    expect(isReversedRange('2026-01-05', '2026-02-10')).toBe(false)
    // One day is a range.
    expect(isReversedRange('2026-01-05', '2026-01-05')).toBe(false)
    // A side left open never runs backwards.
    expect(isReversedRange('2026-02-10', undefined)).toBe(false)
    expect(isReversedRange(null, '2026-01-05')).toBe(false)
  })
})
