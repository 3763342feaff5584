import { describe, expect, it } from 'vitest'
import { wordTokens } from '../nlp/word-tokens.js'
import { wordsOf } from '../nlp/words.js'
import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import { quotedSentences } from './quoted-sentences.js'

function sentences(texts: readonly string[], segmented: boolean): AnalysedSentence[] {
  return texts.map((text, index) => ({
    index,
    engagementIndex: 0,
    turnIndex: 3,
    utteranceIndex: 3,
    paragraphIndex: 0,
    speaker: 'Buyer',
    role: 'buyer',
    text,
    norm: text,
    tokens: wordTokens(text),
    tokenWords: wordsOf(wordTokens(text)),
    stemWords: [],
    stems: [],
    entityTypes: [],
    isQuestion: false,
    segmented,
  }))
}

const quote = (quoted: readonly AnalysedSentence[]) => quoted.map((s) => s.text).join(' ')

describe('quotedSentences', () => {
  const run = sentences(
    [
      'well we looked at the numbers again',
      'and i really cannot see',
      'the board signing that off',
      'so we will probably have to wait until the spring',
    ],
    true,
  )

  it('quotes a short piece of a raw run with the piece after it', () => {
    expect(quote(quotedSentences(run, [run[1]!]))).toBe(
      'and i really cannot see the board signing that off',
    )
  })

  it('reaches back when the run ends on the short piece', () => {
    const ending = sentences(['we went through the figures with finance', 'it is too much'], true)
    expect(quote(quotedSentences(ending, [ending[1]!]))).toBe(
      'we went through the figures with finance it is too much',
    )
  })

  it('leaves a long enough piece, and punctuated sentences, as cited', () => {
    expect(quotedSentences(run, [run[3]!])).toEqual([run[3]])
    const punctuated = sentences(['Too much.', 'We need to think.'], false)
    expect(quotedSentences(punctuated, [punctuated[0]!])).toEqual([punctuated[0]])
  })
})
