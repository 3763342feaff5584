import { describe, expect, it } from 'vitest'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { sentenceVectors } from '../nlp/sentence-vectors.js'
import { call } from '../test-support/deal-builders.js'
import { DEFAULT_OBJECTION_TYPE_CONFIGS as DEFAULT_OBJECTION_TYPES } from '../eval/default-configs.js'
import { detectObjections } from './detect-objections.js'
import { buildObjectionTypeIndex } from './objection-type-index.js'
import { committedModel } from '../model/objection-model.js'

function detect(engagement: ReturnType<typeof call>, types = DEFAULT_OBJECTION_TYPES) {
  const text = analyseEngagements([engagement])
  return detectObjections(text, [engagement], buildObjectionTypeIndex(types), sentenceVectors(text))
}

describe('detectObjections', () => {
  it('classifies buyer objections and judges handling from the seller’s reply', () => {
    const objections = detect(
      call('e1', [
        ['seller', 'For your size it would be about fourteen hundred a month.'],
        ['buyer', 'Honestly, that is too expensive, we pay half that today.'],
        [
          'seller',
          'That is fair. Did she see the penalties next to the monthly fee? We can cap the price for two years.',
        ],
        ['buyer', 'Okay, that would help.'],
        ['buyer', 'And our contract has to be one year, we will not sign three.'],
        ['seller', 'Anyway, let me show you the dashboard.'],
      ]),
    )
    expect(objections.map((o) => [o.type, o.utterance_index, o.handled])).toEqual([
      ['price_budget', 1, true],
      ['contract_terms', 4, false],
    ])
    expect(objections[0]?.seller_reply).toContain('Did she see the penalties')
    expect(objections[0]?.engagement).toEqual({
      id: 'e1',
      name: 'Call e1',
      date: '2026-03-02T15:00:00Z',
      type: 'transcript',
    })
    expect(objections[1]?.cues.join(' ')).toMatch(/brushes it off/)
  })

  it('never raises an objection from seller speech', () => {
    expect(
      detect(
        call('e1', [['seller', 'Some people say it is too expensive and they have no budget.']]),
      ),
    ).toEqual([])
  })

  it('matches an organisation’s own type wording', () => {
    const types = [
      {
        id: 'lock-in',
        name: 'Vendor lock-in',
        description: 'Fear of being stuck with the supplier, proprietary formats, cannot export.',
        examples: ['We cannot get our files out.'],
        active: true,
      },
      {
        id: 'money',
        name: 'Pricing pushback',
        description: 'Cost, spend and fees.',
        examples: [],
        active: true,
      },
    ]
    const objections = detect(
      call('e1', [
        ['buyer', 'My worry is being stuck with your proprietary format if we ever leave.'],
      ]),
      types,
    )
    expect(objections.map((o) => o.type)).toEqual(['lock-in'])
  })

  it('ignores inactive types', () => {
    const types = DEFAULT_OBJECTION_TYPES.map((t) => ({ ...t, active: t.id !== 'price_budget' }))
    const objections = detect(
      call('e1', [['buyer', 'We simply cannot afford it, the budget is gone.']]),
      types,
    )
    expect(objections.every((o) => o.type !== 'price_budget')).toBe(true)
  })

  it('cites consecutive resisting sentences of one e-mail paragraph as one objection', () => {
    const email = {
      id: 'm1',
      type: 'email' as const,
      name: 'Re: proposal',
      occurred_at: '2026-03-04T09:00:00Z',
      direction: 'inbound' as const,
      from: 'bea@buyer.example',
      body: 'Hi Sam,\n\nThanks for the proposal. The price is too expensive for us. We cannot justify that cost this year.\n\nBest,\nBea',
    }
    const objections = detect(email)
    expect(objections).toHaveLength(1)
    expect(objections[0]?.quote).toBe(
      'The price is too expensive for us. We cannot justify that cost this year.',
    )
  })

  it('reads the offer priced against a competitor after an accepting opening as a price objection', () => {
    const objections = detect(
      call('e1', [
        ['seller', 'We can run the pilot on two sites first and extend it from there.'],
        [
          'buyer',
          'Good, that would help a lot. The other thing is price. Your quote is about thirty percent more than Veeam.',
        ],
        ['seller', 'I see. Let me look into it.'],
      ]),
    )
    expect(objections.map((o) => [o.type, o.utterance_index])).toEqual([['price_budget', 1]])
  })

  it('reads a check with the boss after an accepting opening as an authority objection', () => {
    const objections = detect(
      call('e1', [
        ['seller', 'So that covers the rollout plan and the onboarding timeline.'],
        [
          'buyer',
          'Okay, good. I also need to check with my boss before we go further, he makes the final call.',
        ],
        ['seller', 'Of course. Shall I join that conversation?'],
      ]),
    )
    expect(objections.map((o) => [o.type, o.utterance_index])).toEqual([['authority_process', 1]])
  })

  it('keeps a new concern opened in the same e-mail paragraph as an objection of its own', () => {
    const email = {
      id: 'm1',
      type: 'email' as const,
      name: 'Re: proposal',
      occurred_at: '2026-03-04T09:00:00Z',
      direction: 'inbound' as const,
      from: 'ann@buyer.example',
      body: "Hi Sam,\n\nThanks for the proposal. I shared it with our CFO, who thinks EUR 38,400 is too expensive for us right now; we simply don't have budget left for that this year. Also our legal team will not accept a three-year contract.\n\nBest,\nAnn",
    }
    const objections = detect(email)
    expect(objections.map((o) => o.type)).toEqual(['price_budget', 'contract_terms'])
    expect(objections[1]?.quote).toBe('Also our legal team will not accept a three-year contract.')
  })

  it('keeps an added sentence on the same concern in the objection before it', () => {
    const email = {
      id: 'm1',
      type: 'email' as const,
      name: 'Re: proposal',
      occurred_at: '2026-03-04T09:00:00Z',
      direction: 'inbound' as const,
      from: 'bea@buyer.example',
      body: 'Hi Sam,\n\nThanks for the proposal. The price is too expensive for us. Also, we cannot justify that cost this year.\n\nBest,\nBea',
    }
    const objections = detect(email)
    expect(objections.map((o) => o.type)).toEqual(['price_budget'])
    expect(objections[0]?.quote).toBe(
      'The price is too expensive for us. Also, we cannot justify that cost this year.',
    )
  })

  it('judges a price worry answered with a payback the buyer can take upstairs as handled', () => {
    const objections = detect(
      call('e1', [
        ['seller', 'For fifty users it is thirty-two thousand a year.'],
        ['buyer', 'Hmm, that is more than we budgeted for this year.'],
        [
          'seller',
          'Most customers earn three times that back in the first year from the hours no longer spent on manual reporting, so it pays back in about four months.',
        ],
        ['buyer', 'That kind of return would help me build the case internally.'],
      ]),
    )
    expect(objections.map((o) => [o.type, o.utterance_index, o.handled])).toEqual([
      ['price_budget', 1, true],
    ])
  })

  it('reads a buyer promising to review the quote with finance by a set day as a next step', () => {
    const objections = detect(
      call('e1', [
        ['seller', 'So what would be a good next step from here?'],
        ['buyer', 'Email me the quote and I will review it with our finance people by Monday.'],
        ['seller', 'Perfect, I will send it today.'],
      ]),
    )
    expect(objections).toEqual([])
  })

  it('raises a security check the buyer puts first, even asked as a question', () => {
    const objections = detect(
      call('e1', [
        ['seller', 'Is there anything else that would hold this up?'],
        [
          'buyer',
          'IT will have to sign off on security before anything. Have you got a SOC 2 report?',
        ],
        ['seller', 'Yes, we have a SOC 2 Type II report and I can send it over today.'],
      ]),
    )
    expect(objections.map((o) => o.type)).toEqual(['security_compliance'])
  })

  // A call where the detector finds resistance throughout, so the cue lexicon's verdicts count
  // only through its decisive cues (decisive-cues.ts). The detector's line is lowered so that
  // two turns of this short invented call pass it, as many do in a real one.
  describe('in a call full of objections', () => {
    const model = { ...committedModel(), threshold: 0.35 }
    const objectionsWith = (line: string) => {
      const engagement = call('e1', [
        ['seller', 'For your team it would be about fourteen hundred a month.'],
        ['buyer', 'Honestly, that is too expensive, we pay half that today.'],
        ['seller', 'That is fair. We can cap the price for two years.'],
        ['buyer', 'And our contract has to be one year, we will not sign three.'],
        ['seller', 'Understood. Where do things stand on your side?'],
        ['buyer', line],
        ['seller', 'That makes sense. What would you need from us?'],
      ])
      const text = analyseEngagements([engagement])
      return detectObjections(
        text,
        [engagement],
        buildObjectionTypeIndex(DEFAULT_OBJECTION_TYPES),
        sentenceVectors(text),
        model,
      )
        .filter((o) => o.utterance_index === 5)
        .map((o) => o.type)
    }

    it.each([
      ['I would need to run it by our partners before we commit.', 'authority_process'],
      ['Let me check with my operations director first.', 'authority_process'],
      ['We are also speaking with Quillworks about the same project.', 'competitor_status_quo'],
    ])('flags %s', (line, type) => {
      expect(objectionsWith(line)).toEqual([type])
    })

    it('does not flag a buyer ruling other vendors out', () => {
      expect(objectionsWith('We are not talking to any other vendors at the moment.')).toEqual([])
    })
  })
})
