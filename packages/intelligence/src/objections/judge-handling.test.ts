import { describe, expect, it } from 'vitest'
import type { AnalysedTurn } from '../nlp/analysed-sentence.js'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { featuresOfStems } from '../nlp/sentence-features.js'
import { sentenceVectors } from '../nlp/sentence-vectors.js'
import { plainSentence, sellerTurn } from '../test-support/analysed-text.js'
import { call } from '../test-support/deal-builders.js'
import { judgeHandling } from './judge-handling.js'
import { acknowledgesConcern } from './objection-features.js'

function judged(reply: string, followUp: string) {
  const text = analyseEngagements([
    call('e1', [
      ['buyer', 'The price is too high for us.'],
      ['seller', reply],
      ['buyer', followUp],
    ]),
  ])
  const objection = text.sentences[0]
  if (!objection) throw new Error('no objection')
  return judgeHandling(text, sentenceVectors(text), objection, featuresOfStems(objection.stems))
}

// A seller's turn of call-recorder pieces (no closing marks) with these normal forms.
function recorderTurn(norms: readonly string[]): AnalysedTurn {
  return sellerTurn(norms.map((norm, index) => plainSentence(norm, { index, segmented: true })))
}

describe('reply patterns read sentence by sentence', () => {
  it('finds what the reply read as one text holds', () => {
    const judgement = judged(
      'I understand. Trust me. We can cap the price for you. Anyway, let me show you the dashboard.',
      'Okay, that works.',
    )
    expect(judgement.reasons).toEqual([
      'acknowledges the concern',
      'answers on the topic',
      'offers a concrete answer or commitment',
      'brushes it off ("trust me")',
      'buyer accepts the answer',
    ])
  })

  it('takes a buyer saying the answer helps them argue the purchase as accepting it', () => {
    const judgement = judged(
      'Most teams your size earn it back in five months from the hours saved on reporting.',
      'Figures like those should help me sell it to my director.',
    )
    expect(judgement.reasons).toContain('buyer accepts the answer')
  })

  it('reads sentences without a closing mark as one text, across their ends', () => {
    expect(acknowledgesConcern(recorderTurn(['well i hear', 'you on that']))).toBe(true)
    expect(acknowledgesConcern(recorderTurn(['well i hear .', 'you on that']))).toBe(false)
  })
})
