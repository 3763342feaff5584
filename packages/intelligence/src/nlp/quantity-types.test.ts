import { describe, expect, it } from 'vitest'
import { quantityTypes } from './quantity-types.js'

describe('quantityTypes', () => {
  it('finds money, percent, durations, dates and counts, spelled out or not', () => {
    expect(quantityTypes('we paid $ 4,800 in penalties')).toEqual(['MONEY', 'CARDINAL'])
    expect(quantityTypes('forty - eight hundred dollars last year')).toEqual([
      'MONEY',
      'DATE',
      'CARDINAL',
    ])
    expect(quantityTypes('it grew 40 % in two quarters')).toEqual([
      'PERCENT',
      'DURATION',
      'CARDINAL',
    ])
    expect(quantityTypes('remediation plan due by june 30')).toEqual(['DATE', 'CARDINAL'])
    expect(quantityTypes('we may need it')).toEqual([])
  })
})
