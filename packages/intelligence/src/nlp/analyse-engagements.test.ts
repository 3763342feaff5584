import { describe, expect, it } from 'vitest'
import { call } from '../test-support/deal-builders.js'
import { analyseEngagements } from './analyse-engagements.js'
import { tokenStarts } from './read-tokens.js'

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
    for (const sentence of text.sentences) {
      expect(sentence.tokenWords.map((w) => w.text)).toEqual(sentence.tokens)
      expect(sentence.stemWords.map((w) => w.text)).toEqual(sentence.stems)
    }
    expect(text.sentences[2]?.tokens).toEqual(['we', 'can', 'not', 'afford', 'it'])
  })

  it('reads no sentence from an e-mail’s sign-off', () => {
    const text = analyseEngagements([
      {
        id: 'e1',
        type: 'email',
        name: 'Re: Proposal',
        direction: 'inbound',
        from: 'dana@harbour.example',
        body: 'Hi Sam,\n\nThe price is above our budget.\n\nBest regards,\nDana Lee\nHead of Operations, Harbour Ltd',
      },
    ])
    expect(text.sentences.map((s) => s.text)).toEqual(['Hi Sam,', 'The price is above our budget.'])
    expect(text.turns[0]?.signedOff).toBe(true)
  })

  it('takes each sentence text from the turn as written, odd spaces included', () => {
    const text = analyseEngagements([
      call('e1', [
        ['buyer', 'That is\u2009$12,000 a year?! We don\u2019t have it.'],
        ['seller', 'Fair.\u00a0Let me   check.'],
      ]),
    ])
    expect(text.sentences.map((s) => s.text)).toEqual([
      'That is\u2009$12,000 a year?!',
      'We don\u2019t have it.',
      'Fair.',
      'Let me check.',
    ])
  })
})

describe('tokenStarts', () => {
  it('places every token after its spaces, or gives up when they do not spell the text', () => {
    expect([...(tokenStarts('We ca', ['We', 'ca'], ['', ' ']) ?? [])]).toEqual([0, 3])
    expect(tokenStarts("We can't", ['We', 'can', 'not'], ['', ' ', ''])).toBeNull()
  })
})
