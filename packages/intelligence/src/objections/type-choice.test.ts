import { describe, expect, it } from 'vitest'
import { DEFAULT_OBJECTION_TYPE_CONFIGS } from '../eval/default-configs.js'
import { committedModel, type ObjectionModel } from '../model/objection-model.js'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { decodeWordVectors, encodeWordVectors } from '../nlp/word-vectors.js'
import { call } from '../test-support/deal-builders.js'
import { buildObjectionTypeIndex } from './objection-type-index.js'
import { objectionUnits } from './objection-units.js'
import { chooseType } from './type-choice.js'

const TABLE = decodeWordVectors(
  encodeWordVectors(
    ['expensive', 'lawyers'],
    [
      [1, 0],
      [0, 1],
    ],
    2,
  ),
)

// Word priors alike for both types, so only the word-vector priors tell them apart.
const MODEL: ObjectionModel = {
  ...committedModel(),
  types: {
    price_budget: { bias: 0, weights: {} },
    contract_terms: { bias: 0, weights: {} },
  },
  typeVectors: {
    price_budget: { bias: 0, weights: { 0: 4, 1: -4 } },
    contract_terms: { bias: 0, weights: { 0: -4, 1: 4 } },
  },
}

const INDEX = buildObjectionTypeIndex(
  DEFAULT_OBJECTION_TYPE_CONFIGS.filter(
    (t) => t.id === 'price_budget' || t.id === 'contract_terms',
  ),
)

function typeOf(buyer: string): string | undefined {
  const unit = objectionUnits(analyseEngagements([call('e1', [['buyer', buyer]])]))[0]
  if (!unit) throw new Error('no buyer unit')
  return chooseType(INDEX, MODEL, new Map(), unit, new Int32Array(), TABLE)?.profile.config.id
}

describe('chooseType with word-vector priors', () => {
  it('picks the default type whose word-vector prior the objection’s words lift', () => {
    expect(typeOf('Honestly it is expensive.')).toBe('price_budget')
    expect(typeOf('Our lawyers will object.')).toBe('contract_terms')
  })
})
