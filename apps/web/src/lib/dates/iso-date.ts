// Calendar dates as yyyy-MM-dd: the API's date parameters (spec §7) and the custom period dates.
// No date library here: the router reads dates in the URL on every page, the sign-in page too.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The local calendar date as yyyy-MM-dd. Throws a RangeError for an invalid Date. */
export function toIsoDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value')
  const pad = (value: number, width: number) => String(value).padStart(width, '0')
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`
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

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/

/** An instant as a datetime-local input shows it: yyyy-MM-ddTHH:mm in the browser's time zone. */
export function toLocalDateTime(instant: string | Date): string {
  const date = new Date(instant)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${toIsoDate(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A datetime-local input's value as a Date (local time); null when incomplete or impossible. */
export function parseLocalDateTime(value: string): Date | null {
  if (!LOCAL_DATE_TIME.test(value)) return null
  if (!parseIsoDate(value.slice(0, 10))) return null
  // A date-time without an offset is local time (ECMAScript's Date Time String Format).
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}
