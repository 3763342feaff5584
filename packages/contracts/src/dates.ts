import { z } from 'zod'

/**
 * The dates and times the API accepts: from 1900-01-01 to 9999-12-31 (UTC). A sales product has
 * no deal closing nor call taking place before 1900, and ISO 8601's four-digit years end at 9999;
 * PostgreSQL refuses year 0000 outright (it has no year zero), and a time past 9999 would come
 * back as `+010000-…`, which no ISO 8601 schema reads. Every date and date-time an input schema
 * reads is one of these, so the range is checked in this one place.
 */
export const DATE_MIN = '1900-01-01'
export const DATE_MAX = '9999-12-31'

/** The detail code of a date outside the range, with `{ min, max }` as its params. */
export const DATE_OUT_OF_RANGE = 'date_out_of_range'

/** The range as the params of a date outside it: what the web shows at the field. */
export const DATE_RANGE = { min: DATE_MIN, max: DATE_MAX } as const

/** What is wrong with a date outside the range, said of the field. */
export const DATE_OUT_OF_RANGE_MESSAGE = `must be between ${DATE_MIN} and ${DATE_MAX}`

/**
 * The detail code of a time that has not happened yet where only a past one makes sense (when a
 * call or e-mail took place): it would become the deal's last activity.
 */
export const DATE_IN_FUTURE = 'date_in_future'

/** What is wrong with such a time, said of the field. */
export const DATE_IN_FUTURE_MESSAGE = 'must not be in the future'

/** How far ahead of the server's clock a past time may be: the caller's clock may run fast. */
export const FUTURE_TOLERANCE_MS = 5 * 60 * 1000

/** Whether `time` is later than `now`, beyond the clock-skew tolerance. */
export function isInFuture(time: Date | number, now: Date | number = Date.now()): boolean {
  const milliseconds = typeof time === 'number' ? time : time.getTime()
  const current = typeof now === 'number' ? now : now.getTime()
  return milliseconds > current + FUTURE_TOLERANCE_MS
}

const MIN_TIME = Date.parse(`${DATE_MIN}T00:00:00.000Z`)
const MAX_TIME = Date.parse(`${DATE_MAX}T23:59:59.999Z`)

const outOfRange = {
  message: DATE_OUT_OF_RANGE_MESSAGE,
  params: { code: DATE_OUT_OF_RANGE, ...DATE_RANGE },
}

/** Whether a calendar date written `YYYY-MM-DD` is within the range. */
export function isDateInRange(date: string): boolean {
  return date >= DATE_MIN && date <= DATE_MAX
}

/** Whether a point in time (a Date or milliseconds since 1970) is within the range, in UTC. */
export function isTimeInRange(time: Date | number): boolean {
  const milliseconds = typeof time === 'number' ? time : time.getTime()
  return milliseconds >= MIN_TIME && milliseconds <= MAX_TIME
}

/** A calendar date, `yyyy-MM-dd`, from 1900-01-01 to 9999-12-31. */
// `abort`: a malformed value gets the format's one issue, not a second one about its range.
export const calendarDateSchema = z.iso.date({ abort: true }).refine(isDateInRange, outOfRange)

/** An ISO 8601 date-time with `Z` or an offset, from 1900-01-01 to 9999-12-31 in UTC. */
export const dateTimeSchema = z.iso
  .datetime({ offset: true, abort: true })
  .refine((text) => isTimeInRange(Date.parse(text)), outOfRange)

/** A point in time in a query: an ISO 8601 date-time, or a date (midnight UTC), in the range. */
export const instantSchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    // Said once for both forms, where the union alone would only say "Invalid input".
    error: 'must be an ISO 8601 date (yyyy-MM-dd) or date-time with Z or an offset',
  })
  .refine((text) => isTimeInRange(Date.parse(text)), outOfRange)
