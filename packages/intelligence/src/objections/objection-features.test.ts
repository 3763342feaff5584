import { describe, expect, it } from 'vitest'
import { generateCallTranscript } from '../bench/generate-call-transcript.js'
import { linearScore } from '../model/logistic-regression.js'
import { committedModel } from '../model/objection-model.js'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { wordTokens } from '../nlp/word-tokens.js'
import { detectorScorer } from './detector-scorer.js'
import {
  sendUnitFeatures,
  sentenceFeatures,
  sentenceScore,
  unitFeaturesWithRule,
} from './objection-features.js'
import { objectionUnits } from './objection-units.js'

describe('detector scores without named features', () => {
  const model = committedModel()
  const text = analyseEngagements([
    generateCallTranscript(7, 1500),
    {
      id: 'mail-1',
      type: 'email',
      name: 'Re: proposal',
      direction: 'inbound',
      body: 'Thanks for the proposal.\n\nHonestly it is too expensive for us right now. We dont have budget until next year.',
    },
  ])

  it('scores every unit exactly as the detector scores its named features', () => {
    const units = objectionUnits(text)
    expect(units.some((u) => u.kind === 'sentence')).toBe(true)
    for (const unit of units) {
      const named = unitFeaturesWithRule(text, unit)
      const scorer = detectorScorer(model)
      const rule = sendUnitFeatures(scorer.start(), text, unit)
      expect(scorer.score).toBe(linearScore(model.detector, named.features))
      expect(rule).toBe(named.rule)
    }
  })

  it('scores every sentence exactly as its named features', () => {
    for (const sentence of text.sentences) {
      expect(sentenceScore(text, sentence, model.detector)).toBe(
        linearScore(model.detector, sentenceFeatures(text, sentence)),
      )
    }
  })
})

describe('sentence tokens', () => {
  it('reads the same tokens from the kept words as from the normalised text', () => {
    const text = analyseEngagements([
      {
        id: 'call-1',
        type: 'transcript',
        name: 'Call',
        utterances: [
          {
            speaker: 'A',
            role: 'buyer',
            text: 'We cannot sign this quarter, it’s $12,000 too much.',
          },
          { speaker: 'B', role: 'seller', text: 'Understood. What would 9,500 look like?' },
          { speaker: 'A', role: 'buyer', text: 'She called it ‘too steep’.' },
          { speaker: 'A', role: 'buyer', text: "I don't know, we dont have budget until March." },
        ],
      },
    ])
    const rewritten = text.sentences.filter((s) => s.words === undefined)
    // Curly quotes are rewritten after wink, so that sentence keeps no words of its own.
    expect(rewritten.map((s) => s.norm)).toEqual(["she called it ' too steep ' ."])
    for (const sentence of text.sentences) {
      expect(sentence.tokens).toEqual(wordTokens(sentence.norm))
    }
  })
})

describe('context features', () => {
  it("marks a seller reply that opens by acknowledging the buyer's concern", () => {
    const text = analyseEngagements([
      {
        id: 'call-1',
        type: 'transcript',
        name: 'Call',
        utterances: [
          { speaker: 'Buyer', role: 'buyer', text: 'That is a lot more than we planned.' },
          { speaker: 'Seller', role: 'seller', text: 'I understand. Let me show you the numbers.' },
          { speaker: 'Buyer', role: 'buyer', text: 'Sure, go ahead.' },
          { speaker: 'Seller', role: 'seller', text: 'Here is the dashboard.' },
        ],
      },
    ])
    const [first, second] = objectionUnits(text).map((u) => unitFeaturesWithRule(text, u).features)
    expect(first?.has('n:ack')).toBe(true)
    expect(second?.has('n:ack')).toBe(false)
  })

  it('places an e-mail sentence in its paragraph and the paragraph in the e-mail', () => {
    const text = analyseEngagements([
      {
        id: 'mail-1',
        type: 'email',
        name: 'Re: offer',
        direction: 'inbound',
        body: 'Thanks for the offer.\n\nThe term is too long. We need twelve months. Please confirm.\n\nBest, Ana',
      },
    ])
    const places = objectionUnits(text).map((u) =>
      [...unitFeaturesWithRule(text, u).features].filter((f) => /^spp?:/.test(f)).sort(),
    )
    expect(places[0]).toEqual(['sp:only', 'spp:first'])
    expect(places[1]).toEqual(['sp:first', 'spp:mid'])
    expect(places[2]).toEqual(['sp:mid', 'spp:mid'])
    expect(places[3]).toEqual(['sp:last', 'spp:mid'])
    expect(places[places.length - 1]).toEqual(['sp:only', 'spp:last'])
  })

  it('reads an e-mail body without the quoted thread', () => {
    const text = analyseEngagements([
      {
        id: 'mail-2',
        type: 'email',
        name: 'Re: term',
        direction: 'inbound',
        body: 'Three years is still too long for us.\n\n-----Original Message-----\nFrom: Seller\nWe would like to keep 36 months.',
      },
    ])
    expect(text.sentences.map((s) => s.text)).toEqual(['Three years is still too long for us.'])
  })
})
