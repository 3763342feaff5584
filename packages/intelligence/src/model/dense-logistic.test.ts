import { describe, expect, it } from 'vitest'
import { denseScore, trainDenseLogistic, type DenseExample } from './dense-logistic.js'

const OPTIONS = { l2: 0.01, iterations: 300, learningRate: 0.05, balancePower: 0.75, decimals: 3 }

// Positives lean along the first component; the second is noise around a large offset, which
// the standardisation must not let swamp the first.
const EXAMPLES: DenseExample[] = [
  { values: Float64Array.from([0.9, 10.1]), label: 1 },
  { values: Float64Array.from([0.8, 9.9]), label: 1 },
  { values: Float64Array.from([0.1, 10.0]), label: 0 },
  { values: Float64Array.from([0.2, 10.2]), label: 0 },
  { values: Float64Array.from([0.0, 9.8]), label: 0 },
]

describe('trainDenseLogistic', () => {
  it('scores the raw inputs as the classes lean', () => {
    const model = trainDenseLogistic(EXAMPLES, OPTIONS)
    expect(Object.keys(model.weights)).toEqual(['0', '1'])
    expect(denseScore(model, Float64Array.from([0.85, 10]))).toBeGreaterThan(0)
    expect(denseScore(model, Float64Array.from([0.05, 10]))).toBeLessThan(0)
  })

  it('is deterministic and stores rounded weights', () => {
    const a = trainDenseLogistic(EXAMPLES, OPTIONS)
    expect(JSON.stringify(trainDenseLogistic(EXAMPLES, OPTIONS))).toBe(JSON.stringify(a))
    for (const value of [a.bias, ...Object.values(a.weights)])
      expect(Math.round(value * 1000) / 1000).toBe(value)
  })

  it('shrinks the weights as l2 grows', () => {
    const size = (l2: number): number =>
      Math.abs(trainDenseLogistic(EXAMPLES, { ...OPTIONS, l2 }).weights['0'] ?? 0)
    expect(size(1)).toBeLessThan(size(0.01))
  })
})
