import { describe, expect, it } from 'vitest'
import { solutionFitTier } from './solution-fit-tier.js'

describe('solutionFitTier', () => {
  it('maps totals 0–12 to tiers 4 (weak) to 1 (excellent)', () => {
    expect([0, 3, 4, 6, 7, 9, 10, 12].map(solutionFitTier)).toEqual([4, 4, 3, 3, 2, 2, 1, 1])
  })
})
