import {
  addMonths,
  addQuarters,
  addWeeks,
  addYears,
  endOfDay,
  endOfMonth,
  endOfQuarter,
  endOfWeek,
  endOfYear,
  isMonday,
  startOfDay,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
  subDays,
  subMonths,
  subQuarters,
} from 'date-fns'
import { toIsoDate } from './iso-date'
import type { Period } from './period-names'

export { DEFAULT_PERIOD, isPeriod, type Period, PERIODS } from './period-names'

// Period presets (spec §9) and the dashboard's period filter (spec §3, §4).

export interface DateRange {
  start: Date
  end: Date
}

type Span = (today: Date) => [first: Date, last: Date]

// Weeks always start on Monday (spec §9 "thisWeek (Monday start)").
const MONDAY = { weekStartsOn: 1 } as const

const week = (day: Date): [Date, Date] => [startOfWeek(day, MONDAY), endOfWeek(day, MONDAY)]
const month = (day: Date): [Date, Date] => [startOfMonth(day), endOfMonth(day)]
const quarter = (day: Date): [Date, Date] => [startOfQuarter(day), endOfQuarter(day)]
const year = (day: Date): [Date, Date] => [startOfYear(day), endOfYear(day)]
const lastDays =
  (count: number): Span =>
  (today) => [subDays(today, count - 1), today]

// Spec §9: "yesterday (on Monday goes back 3 days)", so Monday looks at Friday. Only Monday is
// special: Sunday's yesterday is Saturday.
const previousDay = (today: Date): Date => subDays(today, isMonday(today) ? 3 : 1)

/**
 * Every range covers whole local days: start is 00:00:00.000 of its first day and end is
 * 23:59:59.999 of its last day, both inclusive. T = today.
 *
 * | Preset                     | First day                      | Last day                  |
 * |----------------------------|--------------------------------|---------------------------|
 * | yesterday                  | T−1, or T−3 when T is Monday   | same day                  |
 * | this_week, thisWeek        | Monday of T's week             | Sunday of T's week        |
 * | week                       | T−6 (7 days incl. today)       | T                         |
 * | this_month, thisMonth      | 1st of T's month               | last day of T's month     |
 * | this_quarter, thisQuarter  | 1st day of T's quarter         | last day of T's quarter   |
 * | this_year, thisYear        | 1 January                      | 31 December               |
 * | month                      | T−29 (30 days incl. today)     | T                         |
 * | quarter                    | T−89 (90 days incl. today)     | T                         |
 * | last_quarter               | 1st day of previous quarter    | its last day              |
 * | year                       | T−364 (365 days incl. today)   | T                         |
 * | last_3_months              | T minus 3 calendar months (*)  | T                         |
 * | nextWeek                   | next Monday                    | the Sunday after it       |
 * | nextMonth                  | 1st of next month              | its last day              |
 * | nextQuarter                | 1st day of next quarter        | its last day              |
 * | nextYear                   | 1 January next year            | 31 December next year     |
 * | all, allTime, custom       | — (null: no preset range)      |                           |
 *
 * (*) Same day of the month, clamped to the month's end: 31 May → 28 February.
 */
const SPANS: Record<Exclude<Period, 'all' | 'allTime' | 'custom'>, Span> = {
  yesterday: (today) => [previousDay(today), previousDay(today)],
  this_week: week,
  thisWeek: week,
  week: lastDays(7),
  this_month: month,
  thisMonth: month,
  this_quarter: quarter,
  thisQuarter: quarter,
  this_year: year,
  thisYear: year,
  month: lastDays(30),
  quarter: lastDays(90),
  last_quarter: (today) => quarter(subQuarters(today, 1)),
  year: lastDays(365),
  last_3_months: (today) => [subMonths(today, 3), today],
  nextWeek: (today) => week(addWeeks(today, 1)),
  nextMonth: (today) => month(addMonths(today, 1)),
  nextQuarter: (today) => quarter(addQuarters(today, 1)),
  nextYear: (today) => year(addYears(today, 1)),
}

/** The preset's range around `today`; null for all time and for custom (manual dates). */
export function periodRange(period: Period, today: Date = new Date()): DateRange | null {
  if (period === 'all' || period === 'allTime' || period === 'custom') return null
  const [first, last] = SPANS[period](today)
  return { start: startOfDay(first), end: endOfDay(last) }
}

/**
 * The preset's range around `today` as the API's and the URL's yyyy-MM-dd dates (its first and
 * last day); null for all time and for custom, which have no preset range.
 */
export function periodIsoDates(
  period: Period,
  today: Date = new Date(),
): { startDate: string; endDate: string } | null {
  const range = periodRange(period, today)
  return range ? { startDate: toIsoDate(range.start), endDate: toIsoDate(range.end) } : null
}

export interface PeriodFilterState {
  selectedPeriod: Period
  customStartDate: string | null
  customEndDate: string | null
}

/**
 * Spec §4: choosing a period other than custom replaces the custom dates with the period's
 * range (none for all time); choosing custom keeps the dates the user typed.
 */
export function applyPeriod<State extends PeriodFilterState>(
  state: State,
  period: Period,
  today: Date = new Date(),
): State {
  if (period === 'custom') return { ...state, selectedPeriod: period }
  const dates = periodIsoDates(period, today)
  return {
    ...state,
    selectedPeriod: period,
    customStartDate: dates?.startDate ?? null,
    customEndDate: dates?.endDate ?? null,
  }
}

/**
 * Whether custom dates (yyyy-MM-dd) run backwards, the end before the start. Such a range is not
 * applied: the period filter says so at the end date, and the lists and stats read no dates.
 */
export const isReversedRange = (
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): boolean => Boolean(startDate && endDate && startDate > endDate)
