// The period presets by name, apart from their date arithmetic (periods.ts): the router reads a
// period in the URL on every page, and the sign-in page need not load a date library for it.

export const PERIODS = [
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
] as const

export type Period = (typeof PERIODS)[number]

/** Spec §3: the dashboard starts on all time. */
export const DEFAULT_PERIOD: Period = 'allTime'

export function isPeriod(value: unknown): value is Period {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value)
}
