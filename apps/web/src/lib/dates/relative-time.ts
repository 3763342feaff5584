const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
]

/**
 * "3 hours ago", "yesterday", "now" in the UI language: the largest whole unit, so a list of
 * moments reads at a glance. Unparseable input answers null.
 */
export function formatRelativeTime(
  value: string | Date,
  locale = 'en',
  now: Date = new Date(),
): string | null {
  const time = new Date(value).getTime()
  if (Number.isNaN(time)) return null
  const seconds = Math.round((time - now.getTime()) / 1000)
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  const unit = UNITS.find(([, size]) => Math.abs(seconds) >= size)
  if (!unit) return format.format(0, 'second')
  return format.format(Math.trunc(seconds / unit[1]), unit[0])
}
