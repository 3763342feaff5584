import { describe, expect, it } from 'vitest'
import { formatAmount } from './deal-format'

describe('formatAmount', () => {
  it('writes whole amounts without decimals and keeps the cents of others', () => {
    expect(formatAmount({ amount: 48000, currency: 'USD' }, 'en')).toBe('$48,000')
    expect(formatAmount({ amount: 48000.5, currency: 'USD' }, 'en')).toBe('$48,000.50')
    // Intl puts a no-break space before the euro sign in German.
    expect(formatAmount({ amount: 3400.99, currency: 'EUR' }, 'de')).toBe('3.400,99\u00a0€')
  })

  it('follows the currency’s own decimals, and is blank without an amount', () => {
    expect(formatAmount({ amount: 1200.5, currency: 'JPY' }, 'en')).toBe('¥1,201')
    expect(formatAmount({ amount: null, currency: 'USD' }, 'en')).toBe('')
  })
})
