import { describe, expect, it } from 'vitest'
import { fBeta } from './train-objection-model.js'

describe('fBeta', () => {
  it('is F1 at beta 1', () => {
    expect(fBeta(6, 2, 2, 1)).toBeCloseTo(0.75)
  })

  it('weighs precision above recall when beta is below 1', () => {
    // Same F1 (8 hits, 4 errors), one with the errors as false positives, one as misses.
    const precise = fBeta(8, 1, 3, 0.8)
    const sweeping = fBeta(8, 3, 1, 0.8)
    expect(precise).toBeGreaterThan(sweeping)
  })

  it('is 0 without a hit', () => {
    expect(fBeta(0, 3, 4, 0.8)).toBe(0)
  })
})
