import { describe, expect, it } from 'vitest'
import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import type { DealText } from '../nlp/analyse-engagements.js'
import { plainSentence } from '../test-support/analysed-text.js'
import { quotedSentences as quotedOf } from './quoted-sentences.js'

// A buyer's turn (the fourth) of these sentences.
function sentences(texts: readonly string[], segmented: boolean, from = 0): AnalysedSentence[] {
  const buyer = { turnIndex: 3, utteranceIndex: 3, speaker: 'Buyer', role: 'buyer' } as const
  return texts.map((text, i) => plainSentence(text, { ...buyer, index: from + i, segmented }))
}

// The turn is the whole deal: what widening a quote reads.
function quotedSentences(turn: readonly AnalysedSentence[], cited: readonly AnalysedSentence[]) {
  const text: DealText = { turns: [], sentences: [...turn] }
  return quotedOf(text, turn, cited)
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

  it('quotes a piece of a long typed sentence with the whole sentence', () => {
    const turn = [
      ...sentences(['OK good.', 'And where does the data sit?'], false),
      ...sentences(
        [
          'Our records are as sensitive as it gets, and our DPO will not sign off',
          'anything hosted outside the UK.',
          'We would also want the backups',
          'in the same region as the live data.',
        ],
        true,
        2,
      ),
    ]
    expect(quote(quotedSentences(turn, [turn[2]!]))).toBe(
      'Our records are as sensitive as it gets, and our DPO will not sign off anything hosted outside the UK.',
    )
    expect(quote(quotedSentences(turn, [turn[5]!]))).toBe(
      'We would also want the backups in the same region as the live data.',
    )
  })
})
