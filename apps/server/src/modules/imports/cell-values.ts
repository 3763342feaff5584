/** Readers for the values CSV exports write; each answers undefined for what it cannot read. */

/**
 * An amount as exports write it: `1234.5`, `1,234.50`, `$1,234.50`, `1.234,50` or `1 234,50 €`.
 * The last `.` or `,` followed by one or two digits is the decimal mark; other marks group.
 */
export function readAmount(text: string): string | undefined {
  const cleaned = text.replace(/[\s\u00a0'’]/g, '').replace(/^[^\d+-]+|[^\d]+$/g, '')
  if (!/^[+-]?[\d.,]+$/.test(cleaned)) return undefined
  const decimal = /[.,](\d{1,2})$/.exec(cleaned)
  const whole = (decimal ? cleaned.slice(0, decimal.index) : cleaned).replace(/[.,]/g, '')
  const value = Number(`${whole}${decimal ? `.${decimal[1]}` : ''}`)
  if (!Number.isFinite(value) || Math.abs(value) >= 1e12) return undefined
  return value.toFixed(2)
}

/** Which part of a slash date (`03/04/2027`) is the day: decided per file (date-order.ts). */
export type SlashDateOrder = 'day_first' | 'month_first'

const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/

/**
 * A calendar date as `YYYY-MM-DD`: ISO (`2026-03-31`, with or without a time), a slash date in the
 * order given, month first `3/31/2026` as in HubSpot's and Salesforce's US exports or day first
 * `31/03/2026` as in European ones, or `31.03.2026`.
 */
export function readDate(text: string, order: SlashDateOrder = 'month_first'): string | undefined {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s].*)?$/.exec(text)
  const slash = SLASH_DATE.exec(text)
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s.*)?$/.exec(text)
  let parts: [string, string, string] | undefined
  if (iso) parts = [iso[1] ?? '', iso[2] ?? '', iso[3] ?? '']
  else if (slash && order === 'month_first')
    parts = [slash[3] ?? '', slash[1] ?? '', slash[2] ?? '']
  else if (slash) parts = [slash[3] ?? '', slash[2] ?? '', slash[1] ?? '']
  else if (dotted) parts = [dotted[3] ?? '', dotted[2] ?? '', dotted[1] ?? '']
  if (!parts) return undefined
  const [year, month, day] = parts.map(Number) as [number, number, number]
  const date = new Date(0)
  // Not Date.UTC(year, …): it reads years 0–99 as 1900–1999, so 0000-01-01 became 1900-01-01.
  date.setUTCFullYear(year, month - 1, day)
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined
  return date.toISOString().slice(0, 10)
}

/**
 * What a slash date says of its order: `day_first` or `month_first` when it reads as a date in
 * that order only (`15/03/2027`, `3/31/2026`), `ambiguous` when both orders read it as different
 * dates (`03/04/2027`), `same` when they agree (`03/03/2027`); undefined for no slash date or one
 * that is a date in neither order.
 */
export function slashDateOrder(text: string): SlashDateOrder | 'ambiguous' | 'same' | undefined {
  if (!SLASH_DATE.test(text)) return undefined
  const monthFirst = readDate(text, 'month_first')
  const dayFirst = readDate(text, 'day_first')
  if (monthFirst && dayFirst) return monthFirst === dayFirst ? 'same' : 'ambiguous'
  if (dayFirst) return 'day_first'
  if (monthFirst) return 'month_first'
  return undefined
}

/**
 * An instant: ISO 8601 (a time without a zone is UTC), a date alone (midnight UTC), a slash date
 * in the order given with a time (`3/31/2026 2:15 PM`) or a Unix time in milliseconds (HubSpot's
 * API-style exports).
 */
export function readInstant(text: string, order: SlashDateOrder = 'month_first'): Date | undefined {
  if (/^\d{12,14}$/.test(text)) return new Date(Number(text))
  const iso =
    /^(\d{4}-\d{2}-\d{2})(?:[T\s](\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(
      text,
    )
  if (iso) {
    const date = new Date(`${iso[1]}T${iso[2] ?? '00:00'}${iso[3] ?? 'Z'}`)
    return Number.isNaN(date.getTime()) || readDate(iso[1] ?? '') === undefined ? undefined : date
  }
  const us = /^(\d{1,2}\/\d{1,2}\/\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?)?$/i.exec(
    text,
  )
  if (us) {
    const day = readDate(us[1] ?? '', order)
    if (!day) return undefined
    let hours = Number(us[2] ?? 0)
    const meridiem = us[5]?.toUpperCase()
    if (meridiem === 'PM' && hours < 12) hours += 12
    if (meridiem === 'AM' && hours === 12) hours = 0
    if (hours > 23) return undefined
    const time = `${String(hours).padStart(2, '0')}:${us[3] ?? '00'}:${us[4] ?? '00'}`
    return new Date(`${day}T${time}Z`)
  }
  const day = readDate(text, order)
  return day ? new Date(`${day}T00:00:00Z`) : undefined
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function readEmail(text: string): string | undefined {
  const email = text.trim().toLowerCase()
  return EMAIL.test(email) ? email : undefined
}

/** Letters and digits only, lower case: how names are compared (`Closed Won` = `closedwon`). */
export function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
}
