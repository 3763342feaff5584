import { describe, expect, it } from 'vitest'
import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import { plainSentence, sellerTurn } from '../test-support/analysed-text.js'
import { sellerQuestionKind, speakerFocus } from './discourse-features.js'

const sentence = (norm: string, isQuestion: boolean) => plainSentence(norm, { isQuestion })
const turn = (...sentences: AnalysedSentence[]) => sellerTurn(sentences)

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
