import type { Deal } from '@/entities/deal/api/types'

/** The amount in the UI language's way of writing money; blank when the deal has none. */
export function formatAmount(deal: Pick<Deal, 'amount' | 'currency'>, language: string): string {
  if (deal.amount === null) return ''
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency: deal.currency ?? 'USD',
      maximumFractionDigits: 0,
    }).format(deal.amount)
  } catch {
    return new Intl.NumberFormat(language).format(deal.amount)
  }
}

/** A calendar date (YYYY-MM-DD) in the UI language, read as a date rather than a UTC instant. */
export function formatDay(day: string | null, language: string): string {
  if (!day) return ''
  const [year, month, date] = day.split('-').map(Number)
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)),
  )
}

export function formatInstant(instant: string | null, language: string): string {
  if (!instant) return ''
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(instant),
  )
}

export const ownerName = (owner: Deal['owner']) =>
  owner ? `${owner.first_name} ${owner.last_name}`.trim() : ''

export const STATUS_VARIANT = { open: 'info', won: 'success', lost: 'danger' } as const
