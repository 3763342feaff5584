import { describe, expect, it } from 'vitest'
import { wordTokens } from '../nlp/word-tokens.js'
import { wordsOf } from '../nlp/words.js'
import type { AnalysedSentence, AnalysedTurn } from '../nlp/analysed-sentence.js'
import { sellerQuestionKind, speakerFocus } from './discourse-features.js'

function sentence(norm: string, isQuestion: boolean): AnalysedSentence {
  return {
    index: 0,
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
    stemWords: [],
    stems: [],
    entityTypes: [],
    isQuestion,
    segmented: false,
  }
}

function turn(...sentences: AnalysedSentence[]): AnalysedTurn {
  return {
    turnIndex: 0,
    engagementIndex: 0,
    utteranceIndex: 0,
    speaker: 'Seller',
    role: 'seller',
    text: sentences.map((s) => s.text).join(' '),
    sentences,
  }
}

const tokens = (s: AnalysedSentence): string[] => s.norm.split(' ')

describe('speakerFocus', () => {
  it('tells whose side the words name', () => {
    expect(speakerFocus(['our', 'invoices', 'pile', 'up'])).toBe('buyer')
    expect(speakerFocus(['your', 'fee', 'is', 'steep'])).toBe('seller')
    expect(speakerFocus(['we', 'can', 'not', 'take', 'your', 'terms'])).toBe('both')
    expect(speakerFocus(['too', 'expensive'])).toBe('none')
  })
})

describe('sellerQuestionKind', () => {
  it('reads the last question of the turn as open or closed', () => {
    const open = turn(
      sentence('thanks for that', false),
      sentence('so how do you plan routes', true),
    )
    expect(sellerQuestionKind(open, tokens)).toBe('open')
    const closed = turn(sentence('does monday suit you', true))
    expect(sellerQuestionKind(closed, tokens)).toBe('closed')
  })

  it('is none without a seller question', () => {
    expect(sellerQuestionKind(null, tokens)).toBe('none')
    expect(sellerQuestionKind(turn(sentence('here is the quote', false)), tokens)).toBe('none')
  })
})
