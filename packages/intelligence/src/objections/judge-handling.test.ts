import { describe, expect, it } from 'vitest'
import type { AnalysedSentence, AnalysedTurn } from '../nlp/analysed-sentence.js'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { featuresOfStems } from '../nlp/sentence-features.js'
import { sentenceVectors } from '../nlp/sentence-vectors.js'
import { wordTokens } from '../nlp/word-tokens.js'
import { wordsOf } from '../nlp/words.js'
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
function sellerTurn(norms: readonly string[]): AnalysedTurn {
  const sentences: AnalysedSentence[] = norms.map((norm, index) => ({
    index,
    engagementIndex: 0,
    turnIndex: 0,
    utteranceIndex: 0,
    paragraphIndex: 0,
    speaker: 'Seller',
    role: 'seller',
    text: norm,
    norm,
    tokens: wordTokens(norm),
    tokenWords: wordsOf(wordTokens(norm)),
    stems: [],
    stemWords: [],
    entityTypes: [],
    isQuestion: false,
    segmented: true,
  }))
  return {
    turnIndex: 0,
    engagementIndex: 0,
    utteranceIndex: 0,
    speaker: 'Seller',
    role: 'seller',
    text: norms.join(' '),
    sentences,
  }
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

  it('reads sentences without a closing mark as one text, across their ends', () => {
    expect(acknowledgesConcern(sellerTurn(['well i hear', 'you on that']))).toBe(true)
    expect(acknowledgesConcern(sellerTurn(['well i hear .', 'you on that']))).toBe(false)
  })
})
