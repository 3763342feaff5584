import { describe, expect, it } from 'vitest'
import { fitFeatures, learnedFitScore } from './fit-features.js'

describe('fitFeatures', () => {
  it('gives a criterion its evidence counts as cumulative tags, plus the deal stages', () => {
    const features = fitFeatures(
      'problem_pain_identification',
      2,
      { buyerPain: 3, sellerPain: 0, buyerDoubt: 0, buyerDeadline: 4 },
      ['demo'],
    )
    expect(features).toEqual([
      'rule:2',
      'buyerPain>=1',
      'buyerPain>=2',
      'buyerPain>=3',
      'sellerPain:none',
      'buyerDoubt:none',
      'buyerQuantifiedPain:none',
      'buyerPositive:none',
      'stage:demo',
    ])
  })
})

describe('learnedFitScore', () => {
  const rung = (bias: number) => ({ bias, weights: { strong: 4 } })

  it('counts the rungs judged more likely than not, stopping at the first that is not', () => {
    const ladder = [rung(1), rung(-1), rung(-5)]
    expect(learnedFitScore(ladder, [])).toBe(1)
    expect(learnedFitScore(ladder, ['strong'])).toBe(2)
    // A rung above one that failed does not count, even if it alone would pass.
    expect(learnedFitScore([rung(-1), rung(1), rung(1)], [])).toBe(0)
  })
})
