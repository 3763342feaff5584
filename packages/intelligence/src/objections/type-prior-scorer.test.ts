import { describe, expect, it } from 'vitest'
import { generateCallTranscript } from '../bench/generate-call-transcript.js'
import { weightOf } from '../model/logistic-regression.js'
import { committedModel } from '../model/objection-model.js'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { sendUnitFeatures, unitFeatures } from './objection-features.js'
import { objectionUnits } from './objection-units.js'
import { TypePriorScorer } from './type-prior-scorer.js'
import { sendOwnTypeFeatures, typeFeatures } from './type-features.js'

describe('TypePriorScorer', () => {
  const model = committedModel()
  const text = analyseEngagements([
    generateCallTranscript(3, 1500),
    {
      id: 'mail-1',
      type: 'email',
      name: 'Re: proposal',
      direction: 'inbound',
      body: 'Thanks for the proposal.\n\nOur lawyers want a shorter contract term. The price is also above our budget.',
    },
  ])

  it('sums each type’s weights over the named type features, in their order', () => {
    const scorer = new TypePriorScorer(model.types)
    const units = objectionUnits(text)
    expect(units.some((u) => u.kind === 'sentence')).toBe(true)
    for (const unit of units) {
      const named = typeFeatures(unit, unitFeatures(text, unit))
      scorer.start()
      sendUnitFeatures(scorer, text, unit)
      sendOwnTypeFeatures(scorer, unit)
      scorer.keys.forEach((key, k) => {
        const type = model.types[key]
        let sum = type?.bias ?? 0
        for (const feature of named) sum += type ? (weightOf(type, feature) ?? 0) : 0
        expect(scorer.sums[k]).toBe(sum)
      })
    }
  })

  it('leaves out the detector features typing does not read', () => {
    const scorer = new TypePriorScorer({
      price_budget: { bias: 0.5, weights: { 'w:price': 1, 'n:price': 2, 'ts:price': 4 } },
    })
    scorer.start().name('n:price')
    scorer.name('w:price')
    scorer.name('w:price')
    expect([...scorer.sums]).toEqual([1.5])
    scorer.start().name('ts:price')
    expect([...scorer.sums]).toEqual([4.5])
  })
})
