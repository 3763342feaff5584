import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { linearScore, sigmoid, trainLogistic, type TrainingExample } from './logistic-regression.js'
import { committedModel, MODEL_FILE_URL, serialiseModel } from './objection-model.js'

const EXAMPLES: TrainingExample[] = [
  { features: ['w:expensive', 'w:too'], label: 1 },
  { features: ['w:expensive', 'w:very'], label: 1 },
  { features: ['w:budget', 'w:no'], label: 1 },
  { features: ['w:budget', 'w:approved'], label: 0 },
  { features: ['w:great', 'w:thanks'], label: 0 },
  { features: ['w:great', 'w:very'], label: 0 },
]

describe('trainLogistic', () => {
  it('learns which features push towards the positive class', () => {
    const model = trainLogistic(EXAMPLES, { minCount: 1 })
    expect(sigmoid(linearScore(model, ['w:expensive']))).toBeGreaterThan(0.5)
    expect(sigmoid(linearScore(model, ['w:great']))).toBeLessThan(0.5)
  })

  it('gives the same rounded weights on every run', () => {
    const a = trainLogistic(EXAMPLES, { minCount: 1 })
    const b = trainLogistic(EXAMPLES, { minCount: 1 })
    expect(JSON.stringify(a)).toBe(JSON.stringify(b))
    for (const value of Object.values(a.weights)) {
      expect(Math.round(value * 1000) / 1000).toBe(value)
    }
  })

  it('moves a rare class’s scores up as the balance power rises from 0 to 1', () => {
    const rare: TrainingExample[] = [
      { features: ['w:a'], label: 1 },
      ...Array.from({ length: 5 }, () => ({ features: ['w:b'], label: 0 as const })),
      { features: ['w:a'], label: 0 },
    ]
    const options = { minCount: 1, l2: 0.05 }
    const score = (balancePower: number): number =>
      linearScore(trainLogistic(rare, { ...options, balancePower }), ['w:a'])
    expect(JSON.stringify(trainLogistic(rare, { ...options, balancePower: 0 }))).toBe(
      JSON.stringify(trainLogistic(rare, { ...options, balanced: false })),
    )
    expect(score(0)).toBeLessThan(score(0.5))
    expect(score(0.5)).toBeLessThan(score(1))
  })

  it('ignores features seen fewer than minCount times', () => {
    const model = trainLogistic(EXAMPLES, { minCount: 2 })
    expect(model.weights['w:too']).toBeUndefined()
    expect(model.weights['w:expensive']).toBeDefined()
  })
})

describe('the committed objection model', () => {
  it('is stored exactly as npm run train writes it', () => {
    const model = committedModel()
    expect(model.version).toBe(1)
    expect(model.threshold).toBeGreaterThan(0)
    expect(Object.keys(model.types).sort()).toEqual([
      'authority_process',
      'competitor_status_quo',
      'contract_terms',
      'need_fit',
      'price_budget',
      'security_compliance',
      'technical_integration',
      'timing_priority',
      'trust_risk',
    ])
    expect(readFileSync(MODEL_FILE_URL, 'utf8')).toBe(serialiseModel(model))
  })
})
