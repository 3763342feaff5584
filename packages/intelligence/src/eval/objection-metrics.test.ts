import type { DetectedObjection } from '@dealcoach/contracts/intelligence'
import { describe, expect, it } from 'vitest'
import { call } from '../test-support/deal-builders.js'
import {
  countObjections,
  emptyObjectionCounts,
  quotesMatch,
  typeMacroF1,
} from './objection-metrics.js'

function predicted(
  engagement: string,
  utterance: number | null,
  type: string,
  handled: boolean,
  quote = '',
  confidence = 0.5,
): DetectedObjection {
  return {
    type,
    type_name: type,
    quote,
    speaker: 'B',
    role: 'buyer',
    engagement: {
      id: engagement,
      name: engagement,
      date: null,
      type: utterance === null ? 'email' : 'transcript',
    },
    utterance_index: utterance,
    confidence,
    handled,
    handling_score: handled ? 1 : 0,
    seller_reply: null,
    cues: [],
  }
}

describe('objection metrics', () => {
  it('matches per utterance (one prediction per utterance) and per e-mail quote', () => {
    const engagements = [
      call('e1', [
        ['buyer', 'a'],
        ['buyer', 'b'],
        ['buyer', 'c'],
      ]),
      { id: 'e2', type: 'email' as const, name: 'm', body: 'x' },
    ]
    const counts = emptyObjectionCounts()
    countObjections(
      engagements,
      [
        { engagement: 'e1', utterance: 0, type: 'price_budget', handled: true },
        { engagement: 'e1', utterance: 2, type: 'need_fit', handled: false },
        {
          engagement: 'e2',
          quote: 'We will not sign three years.',
          type: 'contract_terms',
          handled: false,
        },
      ],
      [
        predicted('e1', 0, 'price_budget', true, '', 0.9),
        predicted('e1', 0, 'trust_risk', false, '', 0.4),
        predicted('e1', 1, 'timing_priority', false),
        predicted(
          'e2',
          null,
          'contract_terms',
          true,
          'First, we will not sign three years. We need annual.',
        ),
      ],
      counts,
    )
    expect(counts).toMatchObject({
      truePositives: 2,
      falsePositives: 1,
      falseNegatives: 1,
      typeCorrect: 2,
      handledJudged: 2,
      handledCorrect: 1,
    })
    expect(typeMacroF1(counts)).toBeCloseTo((1 + 1 + 0) / 3)
  })

  it('matches quotes by containment or word overlap', () => {
    expect(
      quotesMatch('the renewal clause needs to go', 'Second, the renewal clause needs to go.'),
    ).toBe(true)
    expect(quotesMatch('the renewal clause needs to go', 'We love the product.')).toBe(false)
  })

  it('never matches a bare list number to a quote that mentions the number', () => {
    expect(quotesMatch('we need 2 more weeks before we sign', '2.')).toBe(false)
    expect(quotesMatch('2.', 'we need 2 more weeks before we sign')).toBe(false)
    expect(quotesMatch('we need 2 more weeks', 'We need 2 more weeks.')).toBe(true)
  })
})
