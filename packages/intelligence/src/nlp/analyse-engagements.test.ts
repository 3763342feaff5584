import { describe, expect, it } from 'vitest'
import { call } from '../test-support/deal-builders.js'
import { analyseEngagements } from './analyse-engagements.js'

describe('analyseEngagements', () => {
  it('splits turns into sentences, keeps turn and utterance positions, expands contractions', () => {
    const text = analyseEngagements([
      call('e1', [
        ['seller', 'Hello there. How are you?'],
        ['buyer', "We can't afford it.\nIt's $4,800 by June 30."],
      ]),
      {
        id: 'e2',
        type: 'email',
        name: 'Re',
        direction: 'inbound',
        from: 'b@x.example',
        body: 'Hi,\n\nWe will not sign a three-year deal.',
      },
    ])
    expect(text.sentences.map((s) => [s.turnIndex, s.utteranceIndex, s.role, s.text])).toEqual([
      [0, 0, 'seller', 'Hello there.'],
      [0, 0, 'seller', 'How are you?'],
      [1, 1, 'buyer', "We can't afford it."],
      [1, 1, 'buyer', "It's $4,800 by June 30."],
      [2, null, 'buyer', 'Hi,'],
      [2, null, 'buyer', 'We will not sign a three-year deal.'],
    ])
    expect(text.sentences[2]?.norm).toBe('we can not afford it .')
    expect(text.sentences[3]?.entityTypes).toEqual(expect.arrayContaining(['MONEY', 'DATE']))
    expect(text.sentences[1]?.isQuestion).toBe(true)
    expect(text.sentences[5]?.paragraphIndex).toBe(1)
  })
})
