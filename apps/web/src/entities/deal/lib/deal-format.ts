import type { Deal } from '@/entities/deal/api/types'

/**
 * The amount in the UI language's way of writing money; blank when the deal has none. Whole
 * amounts are written without decimals; an amount with cents keeps them, as rounding 48,000.50
 * up to 48,001 would show a sum nobody agreed.
 */
export function formatAmount(deal: Pick<Deal, 'amount' | 'currency'>, language: string): string {
  if (deal.amount === null) return ''
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency: deal.currency ?? 'USD',
      ...(Number.isInteger(deal.amount) && { maximumFractionDigits: 0 }),
    }).format(deal.amount)
  } catch {
    return new Intl.NumberFormat(language).format(deal.amount)
  }
}

export const ownerName = (owner: Deal['owner']) =>
  owner ? `${owner.first_name} ${owner.last_name}`.trim() : ''

export const STATUS_VARIANT = { open: 'info', won: 'success', lost: 'danger' } as const
