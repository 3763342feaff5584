import { describe, expect, it } from 'vitest'
import { findAlike, namesAlike } from './similar-type-names.js'

describe('namesAlike', () => {
  it.each([
    ['Price', 'Price / budget'],
    ['Budget', 'Price / budget'],
    ['No budget', 'Price / budget'],
    ['Price pressure', 'Price / budget'],
    ['Price too high', 'Price / budget'],
    ['Status quo', 'Competitor / status quo'],
    ['Competition', 'Competitor / status quo'],
    ['Timing', 'Timing / priority'],
    ['Unclear decision process', 'Authority / decision process'],
    ['Weak champion', 'No champion'],
    ['price / BUDGET', 'Price / budget'],
  ])('takes "%s" and "%s" for the same objection', (a, b) => {
    expect(namesAlike(a, b)).toBe(true)
    expect(namesAlike(b, a)).toBe(true)
  })

  it.each([
    ['Price / budget', 'Timing / priority'],
    ['No access to the economic buyer', 'Authority / decision process'],
    ['Send me information', 'Need / fit'],
    ['Security / compliance', 'Technical / integration'],
    ['', 'Price'],
    ['The', 'Price'],
  ])('keeps "%s" and "%s" apart', (a, b) => {
    expect(namesAlike(a, b)).toBe(false)
  })

  it('finds the first alike type among existing ones', () => {
    const existing = [{ name: 'Timing / priority' }, { name: 'Price / budget' }]
    expect(findAlike('Price pressure', existing)).toBe(existing[1])
    expect(findAlike('Risk of change', existing)).toBeUndefined()
  })
})
