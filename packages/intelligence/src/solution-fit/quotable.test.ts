import { describe, expect, it } from 'vitest'
import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import { bestQuotes } from './quotable.js'

// Only what bestQuotes reads of a sentence: where it stands and its normal form.
const said = (index: number, norm: string) => ({ index, norm }) as AnalysedSentence

describe('bestQuotes', () => {
  it('quotes a wording said in two calls once, and keeps the best ranked first', () => {
    const repeated = 'mainly reporting accuracy and how quickly new reps get productive'
    const candidates = [
      { s: said(3, repeated), r: 2 },
      { s: said(9, 'the board wants one view of the pipeline'), r: 3 },
      { s: said(41, repeated), r: 2 },
      { s: said(50, 'nothing to see here'), r: 0 },
    ]
    const quotes = bestQuotes(
      candidates,
      (c) => c.s,
      (c) => c.r,
      3,
    )
    expect(quotes.map((c) => c.s.index)).toEqual([9, 3])
  })
})
