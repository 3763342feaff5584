import { describe, expect, it } from 'vitest'
import { generateCallTranscript } from '../bench/generate-call-transcript.js'
import { linearScore, weightOf } from '../model/logistic-regression.js'
import { committedModel, type ObjectionModel } from '../model/objection-model.js'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { DetectorScorer } from './detector-scorer.js'
import { explainDetectorIds, explainFeatures } from './explain-features.js'
import { mergedFeatureIds, ObjectionFeatureIndex } from './objection-feature-index.js'
import { sendUnitFeatures, unitFeaturesWithRule } from './objection-features.js'
import { objectionUnits } from './objection-units.js'
import { TypePriorScorer } from './type-prior-scorer.js'
import { sendOwnTypeFeatures, typeFeatures } from './type-features.js'

// Each type's prior score summed over named features, in their order.
function namedSums(model: ObjectionModel, keys: readonly string[], named: Set<string>): number[] {
  return keys.map((key) => {
    const type = model.types[key]
    let sum = type?.bias ?? 0
    for (const feature of named) sum += type ? (weightOf(type, feature) ?? 0) : 0
    return sum
  })
}

describe('detector and type prior scores by feature id', () => {
  const model = committedModel()
  const features = new ObjectionFeatureIndex(model)
  const detector = new DetectorScorer(model, features)
  const priors = new TypePriorScorer(features)
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
  const units = objectionUnits(text)

  it('scores, explains and types every unit as from its named features', () => {
    expect(units.some((u) => u.kind === 'sentence')).toBe(true)
    for (const unit of units) {
      const named = unitFeaturesWithRule(text, unit)
      const rule = sendUnitFeatures(detector.start(), text, unit)
      const ids = detector.keptIds()
      expect(detector.score).toBe(linearScore(model.detector, named.features))
      expect(rule).toBe(named.rule)
      expect(explainDetectorIds(features, ids)).toEqual(
        explainFeatures(model.detector, named.features),
      )
      priors.start().addIds(ids)
      sendOwnTypeFeatures(priors, unit)
      const typed = typeFeatures(unit, named.features)
      expect([...priors.sums]).toEqual(namedSums(model, features.typeKeys, typed))
    }
  })

  it('merges units as the union of their named features', () => {
    const [a, b] = units.filter((u) => u.kind === 'sentence')
    if (!a || !b) throw new Error('no e-mail sentences')
    const idsOf = (unit: typeof a): Int32Array => {
      sendUnitFeatures(detector.start(), text, unit)
      return detector.keptIds()
    }
    const union = new Set([
      ...unitFeaturesWithRule(text, a).features,
      ...unitFeaturesWithRule(text, b).features,
    ])
    const merged = { ...a, sentences: [...a.sentences, ...b.sentences] }
    priors.start().addIds(mergedFeatureIds([idsOf(a), idsOf(b)]))
    sendOwnTypeFeatures(priors, merged)
    expect([...priors.sums]).toEqual(
      namedSums(model, features.typeKeys, typeFeatures(merged, union)),
    )
  })

  it('leaves out the detector features typing does not read', () => {
    const own = new ObjectionFeatureIndex({
      detector: { bias: 0, weights: { 'n:price': 1 } },
      types: {
        price_budget: { bias: 0.5, weights: { 'w:price': 1, 'n:price': 2, 'ts:price': 4 } },
      },
    })
    const scorer = new TypePriorScorer(own)
    scorer.start().name('n:price')
    scorer.name('w:price')
    scorer.name('w:price')
    expect([...scorer.sums]).toEqual([1.5])
    scorer.start().name('ts:price')
    expect([...scorer.sums]).toEqual([4.5])
  })
})
