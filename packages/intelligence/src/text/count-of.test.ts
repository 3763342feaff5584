import { describe, expect, it } from 'vitest'
import { countOf } from './count-of.js'

describe('countOf', () => {
  it('writes the singular for one and the plural otherwise', () => {
    expect(countOf(1, 'day')).toBe('1 day')
    expect(countOf(0, 'day')).toBe('0 days')
    expect(countOf(3, 'buyer contact')).toBe('3 buyer contacts')
  })
})
