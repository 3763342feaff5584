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
  format,
  isMonday,
  isValid,
  parseISO,
  startOfDay,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
  startOfYear,
  subDays,
  subMonths,
  subQuarters,
} from 'date-fns'

// ---------------------------------------------------------------------------
// Display formats (spec §9 "Date formats")
// ---------------------------------------------------------------------------

export type DateFormat = 'short' | 'long' | 'withTime' | 'closeDate' | 'closeDateNoComma'

export type DateInput = Date | string | number | null | undefined

/** Spec §9: a missing date shows '-'. */
export const MISSING_DATE = '-'

const FORMAT_OPTIONS: Record<DateFormat, Intl.DateTimeFormatOptions> = {
  short: { day: '2-digit', month: 'short', year: '2-digit' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  withTime: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  closeDate: { day: 'numeric', month: 'short', year: 'numeric' },
  closeDateNoComma: { day: 'numeric', month: 'short', year: 'numeric' },
}

// The spec's English formats are day-first ("5 Mar, 2026"), which is British usage; plain
// 'en' would resolve to en-US ("Mar 5, 2026"). Spec §1 already maps en-gb onto en.
const ENGLISH = 'en-GB'

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * Formats a date for display in the UI language. Date-only strings ('2026-03-05') are calendar
 * dates and never shift with the time zone; timestamps are shown in the viewer's local time.
 * Anything missing or unparseable shows '-'.
 */
export function formatDate(value: DateInput, dateFormat: DateFormat, locale = 'en'): string {
  const date = toDate(value)
  if (!date) return MISSING_DATE
  const parts = formatterFor(resolveLocale(locale), dateFormat).formatToParts(date)
  if (dateFormat === 'closeDate') return joinParts(separateTrailingYear(parts, ', '))
  if (dateFormat === 'closeDateNoComma') return joinParts(separateTrailingYear(parts, null))
  return joinParts(parts)
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined) return null
  const date = typeof value === 'string' ? parseDateString(value) : new Date(value)
  return date && isValid(date) ? date : null
}

// Only ISO 8601 is accepted: `new Date(string)` parses anything else differently per browser.
function parseDateString(value: string): Date | null {
  const trimmed = value.trim()
  if (trimmed === '') return null
  return parseIsoDate(trimmed) ?? parseISO(trimmed)
}

function resolveLocale(locale: string): string {
  if (locale.toLowerCase() === 'en') return ENGLISH
  try {
    // An unsupported tag would silently fall back to the runtime's default (often en-US).
    return Intl.DateTimeFormat.supportedLocalesOf([locale])[0] ?? ENGLISH
  } catch {
    return ENGLISH // malformed tag
  }
}

function formatterFor(locale: string, dateFormat: DateFormat): Intl.DateTimeFormat {
  const key = `${locale}|${dateFormat}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, FORMAT_OPTIONS[dateFormat])
    formatters.set(key, formatter)
  }
  return formatter
}

/**
 * The close-date formats differ only in the separator before the year. Where the locale puts
 * the year last, that separator becomes ", " (closeDate) or loses any comma (closeDateNoComma);
 * locales that lead with the year (ja, zh, hu…) keep their native order untouched.
 */
function separateTrailingYear(
  parts: Intl.DateTimeFormatPart[],
  separator: string | null,
): Intl.DateTimeFormatPart[] {
  const last = parts.length - 1
  const before = parts[last - 1]
  if (parts[last]?.type !== 'year' || before?.type !== 'literal') return parts
  const value = separator ?? (before.value.replace(/,\s*/g, ' ').replace(/\s+/g, ' ') || ' ')
  return [...parts.slice(0, last - 1), { type: 'literal', value }, ...parts.slice(last)]
}

function joinParts(parts: Intl.DateTimeFormatPart[]): string {
  return parts.map((part) => part.value).join('')
}

// ---------------------------------------------------------------------------
// Calendar dates as yyyy-MM-dd (the API's date parameters, spec §7)
// ---------------------------------------------------------------------------

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The local calendar date as yyyy-MM-dd. Throws a RangeError for an invalid Date. */
export function toIsoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd')
}

/** Parses yyyy-MM-dd as local midnight; null for any other shape or an impossible date. */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(year, month - 1, day)
  date.setFullYear(year) // new Date() maps years 0–99 onto 1900–1999
  // Date rolls 2026-02-30 over to 2 March; a round trip rejects it.
  return toIsoDate(date) === value ? date : null
}

// ---------------------------------------------------------------------------
// Period presets (spec §9) and the dashboard's period filter (spec §3, §4)
// ---------------------------------------------------------------------------

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
  const range = periodRange(period, today)
  return {
    ...state,
    selectedPeriod: period,
    customStartDate: range ? toIsoDate(range.start) : null,
    customEndDate: range ? toIsoDate(range.end) : null,
  }
}

// ---------------------------------------------------------------------------
// Recent activity (spec §7, §9)
// ---------------------------------------------------------------------------

/** Spec §9: the recent-activity window is 30 days. */
export const RECENT_ACTIVITY_DAYS = 30

/** Spec §7: the 30 days back to today, as the activity call's start_date and end_date. */
export function recentActivityWindow(today: Date = new Date()): {
  start_date: string
  end_date: string
} {
  return {
    start_date: toIsoDate(subDays(today, RECENT_ACTIVITY_DAYS)),
    end_date: toIsoDate(today),
  }
}
