import { describe, expect, it } from 'vitest'
import { highlightQuotes } from './highlight'

describe('highlightQuotes', () => {
  it('marks every quoted passage, ignoring case and surrounding quotation marks', () => {
    expect(
      highlightQuotes('Honestly, the price is well above our budget. The price is well above.', [
        '“The price is well above”',
      ]),
    ).toEqual([
      { text: 'Honestly, ', marked: false },
      { text: 'the price is well above', marked: true },
      { text: ' our budget. ', marked: false },
      { text: 'The price is well above', marked: true },
      { text: '.', marked: false },
    ])
  })

  it('merges overlapping quotes and marks an utterance that a longer quote contains', () => {
    expect(highlightQuotes('We lose two days', ['We lose two days a month', 'lose two'])).toEqual([
      { text: 'We lose two days', marked: true },
    ])
    expect(highlightQuotes('abc lose two days', ['lose two', 'two days'])).toEqual([
      { text: 'abc ', marked: false },
      { text: 'lose two days', marked: true },
    ])
  })

  it('leaves text without evidence, and ignores very short quotes', () => {
    expect(highlightQuotes('Nothing here', ['yes'])).toEqual([
      { text: 'Nothing here', marked: false },
    ])
  })
})
