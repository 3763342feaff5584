import { isValid, parseISO } from 'date-fns'
import { parseIsoDate } from './iso-date'

// Display formats (spec §9 "Date formats").

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
  const parts = formatterFor(
    dateLocale(locale),
    dateFormat,
    FORMAT_OPTIONS[dateFormat],
  ).formatToParts(date)
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

/**
 * The locale every date of the UI is written in: English is day-first British usage (see ENGLISH),
 * others as the runtime supports them. The spec formats use it, and so do the few dates no spec
 * format fits (a weekday heading, a time of day, a month on a chart axis), so they read alike.
 */
export function dateLocale(locale: string): string {
  let resolved = resolvedLocales.get(locale)
  if (resolved === undefined) {
    resolved = resolveDateLocale(locale)
    resolvedLocales.set(locale, resolved)
  }
  return resolved
}

// Asking the runtime which locales it supports costs as much as building a formatter: a chart or
// a table formats many dates in one language.
const resolvedLocales = new Map<string, string>()

function resolveDateLocale(locale: string): string {
  if (locale.toLowerCase() === 'en') return ENGLISH
  try {
    // An unsupported tag would silently fall back to the runtime's default (often en-US).
    return Intl.DateTimeFormat.supportedLocalesOf([locale])[0] ?? ENGLISH
  } catch {
    return ENGLISH // malformed tag
  }
}

/** A month ('2026-03', or any day of it) as a chart's axis names it: "Mar 2026", in `locale`. */
export function formatMonth(value: string, locale = 'en'): string {
  const [year, month] = value.split('-').map(Number)
  return formatterFor(dateLocale(locale), 'month', MONTH_OPTIONS).format(
    new Date(year ?? 1970, (month ?? 1) - 1, 1),
  )
}

const MONTH_OPTIONS: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric' }

/**
 * A chart's time bucket ('yyyy-MM-dd', its first day) as its axis names it: a month as
 * formatMonth does ("Mar 2026"), a day or a week by its first day as the app writes any date
 * ("4 Nov, 2026", closeDate), so that the charts read like the tables and lists around them.
 */
export function formatBucket(date: string, bucket: 'day' | 'week' | 'month', locale = 'en') {
  return bucket === 'month' ? formatMonth(date, locale) : formatDate(date, 'closeDate', locale)
}

/** One formatter per locale and format: building one costs far more than formatting with it. */
function formatterFor(
  locale: string,
  name: DateFormat | 'month',
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${name}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options)
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
