/** Below this many deals a win or progress rate says more about chance than about handling. */
export const MIN_COMPARED_DEALS = 3

/** A 0–1 rate as a whole percentage in the reader's language. */
export const formatPercent = (rate: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(rate)

/** A rate worth showing: there is one, and enough deals behind it. */
export const comparableRate = (rate: number | null, deals: number): number | null =>
  rate !== null && deals >= MIN_COMPARED_DEALS ? rate : null

/** Colours of the types in the trend chart, in the order of the report (most raised first). */
export const SERIES_COLOURS = ['#4f46e5', '#059669', '#d97706', '#db2777', '#0891b2', '#9333ea']

/** The types drawn together as one, when there are more than colours: grey, as no type of its own. */
export const OTHER_SERIES_COLOUR = '#9ca3af'

/** A handled rate's heat: how much coaching the cell calls for. */
export function heatClass(rate: number | null): string {
  if (rate === null) return 'bg-gray-50 text-gray-700'
  if (rate < 0.5) return 'bg-red-50 text-red-800'
  if (rate < 0.75) return 'bg-amber-50 text-amber-800'
  return 'bg-emerald-50 text-emerald-800'
}
