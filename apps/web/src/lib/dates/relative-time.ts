const WITHIN_A_DAY: [Intl.RelativeTimeFormatUnit, number][] = [
  ['hour', 3_600],
  ['minute', 60],
]

/**
 * "3 hours ago", "yesterday", "2 weeks ago", "now" in the UI language, so a list of moments reads
 * at a glance. Days count calendar days in the reader's time zone, not 24-hour periods: 23:00
 * yesterday seen at 08:00 is "yesterday", and 00:30 today seen at 23:00 is "22 hours ago" (the
 * same day). Only within today does the time of day count (hours, minutes). Weeks, months and
 * years are whole ones counted from the calendar date, and say their number ("1 month ago"),
 * where "last month" would name the previous calendar month. Unparseable input answers null.
 */
export function formatRelativeTime(
  value: string | Date,
  locale = 'en',
  now: Date = new Date(),
): string | null {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  const days = calendarDaysBetween(now, date)
  if (days === 0) {
    const seconds = Math.round((date.getTime() - now.getTime()) / 1000)
    const unit = WITHIN_A_DAY.find(([, size]) => Math.abs(seconds) >= size)
    const auto = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
    return unit ? auto.format(Math.trunc(seconds / unit[1]), unit[0]) : auto.format(0, 'second')
  }
  if (Math.abs(days) < 7) {
    return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day')
  }
  const counted = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })
  const months = wholeMonthsBetween(now, date)
  if (Math.abs(months) >= 12) return counted.format(Math.trunc(months / 12), 'year')
  if (Math.abs(months) >= 1) return counted.format(months, 'month')
  return counted.format(Math.trunc(days / 7), 'week')
}

/** `date`'s calendar day less `now`'s, in the local time zone (negative in the past). */
function calendarDaysBetween(now: Date, date: Date): number {
  const dayNumber = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 86_400_000
  return dayNumber(date) - dayNumber(now)
}

/**
 * Whole calendar months from `now` to `date` (negative in the past): 31 January to 28 February is
 * none yet, to 3 March one.
 */
function wholeMonthsBetween(now: Date, date: Date): number {
  const [earlier, later, sign] = date < now ? [date, now, -1] : [now, date, 1]
  let months =
    (later.getFullYear() - earlier.getFullYear()) * 12 + later.getMonth() - earlier.getMonth()
  if (later.getDate() < earlier.getDate()) months -= 1
  return sign * Math.max(0, months)
}
