import { describe, expect, it } from 'vitest'
import winkNLP from 'wink-nlp'
import model from 'wink-eng-lite-web-model'
import { plainSentenceSpans, sentenceSpans, tokenProperty, winkInstance } from './wink-instance.js'

const tokenizer = winkNLP(model, [])

// wink's own sentences of a text, the reference the plain splitter must reproduce.
function winkSpans(text: string): number[][] {
  return sentenceSpans(winkInstance().readDoc(text))
}

function tokensOf(text: string): { values: string[]; types: string[] } {
  const tokens = tokenizer.readDoc(text).tokens()
  return { values: tokenProperty(tokens, 'value'), types: tokenProperty(tokens, 'type') }
}

// The plain splitter with parts read by wink on their own, as analyse-engagements does.
function plainSpans(text: string): number[][] | null {
  const { values, types } = tokensOf(text)
  const parts: [number, number][] = []
  const spans = plainSentenceSpans(values, types, (first, last) => {
    parts.push([first, last])
    return winkSpans(values.slice(first, last + 1).join(' ')).map(([a = 0, b = 0]) => [
      a + first,
      b + first,
    ])
  })
  return spans && parts.length > 0 ? null : spans
}

describe('plainSentenceSpans', () => {
  it.each([
    'Hello there. How are you?\n\nFine thanks, i am ok! yes. no; maybe.',
    'one two\n\nthree four',
    'It costs $5.50 per seat. ok? sure',
    'Thanks for the time.\n\nSure.\n\nSo what does a typical week look like',
    'we looked at it. it is fine\n\nno. i think we wait',
  ])('gives wink’s sentences for plain text: %j', (text) => {
    expect(plainSpans(text)).toEqual(winkSpans(text))
  })

  it('hands a part with an unclear end to wink and keeps the plain parts', () => {
    const text = 'Good morning.\n\nHa. So where were we?\n\nRight. Pricing.'
    const { values, types } = tokensOf(text)
    const asked: [number, number][] = []
    const spans = plainSentenceSpans(values, types, (first, last) => {
      asked.push([first, last])
      // The part alone ("Ha. So where were we?" and the blank line after it), its opening
      // blank line joined to its first sentence, as analyse-engagements reads it.
      const part = tokensOf('Ha. So where were we?\n\n')
      expect(part.values).toEqual(values.slice(first + 1, last + 1))
      const alone = winkSpans('Ha. So where were we?\n\n').map(([a = 0, b = 0]) => [
        a + first + 1,
        b + first + 1,
      ])
      if (alone[0]) alone[0][0] = first
      return alone
    })
    expect(asked).toEqual([[3, 10]])
    expect(spans).toEqual(winkSpans(text))
  })

  it('gives up when wink cannot say', () => {
    const { values, types } = tokensOf('Wait?! Really.')
    expect(plainSentenceSpans(values, types, () => null)).toBeNull()
  })
})
