import { describe, expect, it } from 'vitest'
import { actionFeatures } from './action-features.js'
import type { VocabularyMentions } from './action-vocabulary.js'

describe('actionFeatures', () => {
  const spoken: VocabularyMentions = { buyer: 2, seller: 1, answered: 1, outcome: 1 }
  const featuresOf = (key: string) =>
    actionFeatures([], null, { completed: false, promised: false, outcome: true }, key, {
      engagements: [],
      stages: [],
      vocabulary: new Map([[key, spoken]]),
    })

  it('reads the buyer’s outcome wording for an action that has it, crossed with the action', () => {
    const features = featuresOf('confirm_budget')
    expect(features).toContain('done:b:1')
    expect(features).toContain('confirm_budget|done:b:1')
    expect(features).toContain('confirm_budget|voc:b:2')
  })

  it('leaves it out for actions without outcome wording', () => {
    expect(featuresOf('agree_terms').some((f) => f.includes('done:'))).toBe(false)
  })

  it('reads the kind of deal but not how many engagements it holds', () => {
    const features = actionFeatures(
      [],
      null,
      { completed: false, promised: false, outcome: false },
      'current_solution',
      {
        engagements: [],
        stages: ['closing', 'engagements:3', 'has:call'],
        vocabulary: new Map(),
      },
    )
    expect(features).toContain('stage:closing')
    expect(features).toContain('current_solution|stage:has:call')
    expect(features.some((f) => f.includes('engagements:'))).toBe(false)
  })
})
