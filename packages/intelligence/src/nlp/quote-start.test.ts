import { describe, expect, it } from 'vitest'
import type { AnalysedSentence } from './analysed-sentence.js'
import type { DealText } from './analyse-engagements.js'
import { quoteSentences } from './quote-start.js'

// Sentences of one deal as [turn, text]; only what choosing a quote's start reads.
function deal(sentences: readonly [number, string][]): DealText {
  return {
    turns: [],
    sentences: sentences.map(
      ([turnIndex, text], index) =>
        ({
          index,
          turnIndex,
          text,
          norm: text.toLowerCase(),
          tokens: text.toLowerCase().split(/\s+/),
        }) as unknown as AnalysedSentence,
    ),
  }
}

const texts = (text: DealText, i: number) =>
  quoteSentences(text, text.sentences[i] as AnalysedSentence).map((s) => s.text)

describe('quoteSentences', () => {
  it('leads a raw piece that opens with a conjunction with the piece it continues', () => {
    const text = deal([
      [0, 'we could do the annual plan at that figure'],
      [0, 'and the usual payment terms and then pick a date to sign'],
    ])
    expect(texts(text, 1)).toEqual([
      'we could do the annual plan at that figure',
      'and the usual payment terms and then pick a date to sign',
    ])
  })

  it('leads a clause that opens with a relative word with its main clause', () => {
    const text = deal([
      [0, 'The warehouse team re-keys every order by hand,'],
      [0, 'which is why the invoices go out a week late.'],
    ])
    expect(texts(text, 1)).toHaveLength(2)
  })

  it('keeps a typed sentence that opens with "And" after a full stop as it is', () => {
    const text = deal([
      [0, 'We lost two clients last spring.'],
      [0, 'And the board has noticed the churn.'],
    ])
    expect(texts(text, 1)).toEqual(['And the board has noticed the churn.'])
  })

  it('never reaches into another turn, nor more than two pieces back', () => {
    const text = deal([
      [0, 'the reports come out late'],
      [1, 'and nobody trusts the numbers'],
      [1, 'and the team rebuilds them'],
      [1, 'and that takes a whole day'],
    ])
    expect(texts(text, 1)).toEqual(['and nobody trusts the numbers'])
    expect(texts(text, 3)).toEqual([
      'and nobody trusts the numbers',
      'and the team rebuilds them',
      'and that takes a whole day',
    ])
  })

  it('leaves a sentence that opens on its own alone', () => {
    const text = deal([
      [0, 'the reports come out late'],
      [0, 'our analysts rebuild them every week'],
    ])
    expect(texts(text, 1)).toEqual(['our analysts rebuild them every week'])
  })

  it('quotes a piece the segmenter cut from a long typed sentence with the whole sentence', () => {
    const text = deal([
      [0, 'Fine.'],
      [0, 'Our records are as sensitive as it gets, and our DPO will not sign off'],
      [0, 'anything hosted outside the UK.'],
      [0, 'so we would need that in writing'],
    ])
    for (const s of text.sentences.slice(1)) (s as { segmented: boolean }).segmented = true
    const whole = [
      'Our records are as sensitive as it gets, and our DPO will not sign off',
      'anything hosted outside the UK.',
    ]
    expect(texts(text, 1)).toEqual(whole)
    expect(texts(text, 2)).toEqual(whole)
    // A run that never ends a sentence is call-recorder text: no typed sentence to widen to.
    expect(texts(text, 3)).toEqual(['so we would need that in writing'])
  })

  it('quotes a piece of a run-on turn that only ends with a full stop as a piece', () => {
    const piece = 'the other depot does it their own way with the forms and the scanner'
    const text = deal(Array.from({ length: 6 }, (_, i) => [0, i === 5 ? `${piece}.` : piece]))
    for (const s of text.sentences) (s as { segmented: boolean }).segmented = true
    // Six pieces of 14 words: 84 in all, past the 60 a quote widens to.
    expect(texts(text, 2)).toEqual([piece])
  })
})
