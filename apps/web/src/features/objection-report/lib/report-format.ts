import { dateLocale } from '@/lib/dates/format-date'

/** Below this many deals a win or progress rate says more about chance than about handling. */
export const MIN_COMPARED_DEALS = 3

/** A 0–1 rate as a whole percentage in the reader's language. */
export const formatPercent = (rate: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(rate)

/** A rate worth showing: there is one, and enough deals behind it. */
export const comparableRate = (rate: number | null, deals: number): number | null =>
  rate !== null && deals >= MIN_COMPARED_DEALS ? rate : null

/** A bucket's name: its month, or the week's first day. */
export function bucketLabel(start: string, interval: 'week' | 'month', locale: string) {
  const [year = 1970, month = 1, day = 1] = start.split('-').map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return new Intl.DateTimeFormat(
    dateLocale(locale),
    interval === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { day: '2-digit', month: 'short', timeZone: 'UTC' },
  ).format(date)
}

/** Colours of the types' lines, in the order of the report (most raised first). */
export const SERIES_COLOURS = ['#4f46e5', '#059669', '#d97706', '#db2777', '#0891b2', '#6b7280']

/** A handled rate's heat: how much coaching the cell calls for. */
export function heatClass(rate: number | null): string {
  if (rate === null) return 'bg-gray-50 text-gray-700'
  if (rate < 0.5) return 'bg-red-50 text-red-800'
  if (rate < 0.75) return 'bg-amber-50 text-amber-800'
  return 'bg-emerald-50 text-emerald-800'
}
