import { describe, expect, it } from 'vitest'
import type { AnalysedTurn } from '../nlp/analysed-sentence.js'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { featuresOfStems } from '../nlp/sentence-features.js'
import { sentenceVectors } from '../nlp/sentence-vectors.js'
import { plainSentence, sellerTurn } from '../test-support/analysed-text.js'
import { call } from '../test-support/deal-builders.js'
import { judgeHandling } from './judge-handling.js'
import { acknowledgesConcern } from './objection-features.js'

function judged(reply: string, followUp: string) {
  const text = analyseEngagements([
    call('e1', [
      ['buyer', 'The price is too high for us.'],
      ['seller', reply],
      ['buyer', followUp],
    ]),
  ])
  const objection = text.sentences[0]
  if (!objection) throw new Error('no objection')
  return judgeHandling(text, sentenceVectors(text), objection, featuresOfStems(objection.stems))
}

// A seller's turn of call-recorder pieces (no closing marks) with these normal forms.
function recorderTurn(norms: readonly string[]): AnalysedTurn {
  return sellerTurn(norms.map((norm, index) => plainSentence(norm, { index, segmented: true })))
}

describe('reply patterns read sentence by sentence', () => {
  it('finds what the reply read as one text holds', () => {
    const judgement = judged(
      'I understand. Trust me. We can cap the price for you. Anyway, let me show you the dashboard.',
      'Okay, that works.',
    )
    expect(judgement.reasons).toEqual([
      'acknowledges the concern',
      'answers on the topic',
      'offers a concrete answer or commitment',
      'brushes it off ("trust me")',
      'buyer accepts the answer',
    ])
  })

  it('takes a buyer saying the answer helps them argue the purchase as accepting it', () => {
    const judgement = judged(
      'Most teams your size earn it back in five months from the hours saved on reporting.',
      'Figures like those should help me sell it to my director.',
    )
    expect(judgement.reasons).toContain('buyer accepts the answer')
  })

  it('reads sentences without a closing mark as one text, across their ends', () => {
    expect(acknowledgesConcern(recorderTurn(['well i hear', 'you on that']))).toBe(true)
    expect(acknowledgesConcern(recorderTurn(['well i hear .', 'you on that']))).toBe(false)
  })
})

describe('the reply to an e-mailed objection', () => {
  const mail = (id: string, direction: 'inbound' | 'outbound', body: string, day: string) => ({
    id,
    type: 'email' as const,
    name: 'Re: rollout plan',
    occurred_at: `2026-03-${day}T09:00:00Z`,
    direction,
    body,
  })

  function replyTo(engagements: Parameters<typeof analyseEngagements>[0]) {
    const text = analyseEngagements(engagements)
    const objection = text.sentences.find((s) => s.role === 'buyer' && /expensive/.test(s.norm))
    if (!objection) throw new Error('no objection')
    return judgeHandling(text, sentenceVectors(text), objection, featuresOfStems(objection.stems))
  }

  it('is the seller’s next e-mail in the thread, not a later call', () => {
    const judgement = replyTo([
      mail(
        'm1',
        'inbound',
        'Thanks for the figures. The licence looks expensive for a team of six.',
        '03',
      ),
      call(
        'c1',
        [
          ['seller', 'The licence price for the warehouse team would be the same as the office.'],
          ['buyer', 'Fine, let us look at the scanners now.'],
        ],
        '2026-03-04T15:00:00Z',
      ),
      mail(
        'm2',
        'outbound',
        'Understood on the licence price. For six users we can offer the team plan at half the price.',
        '05',
      ),
    ])
    expect(judgement.reply).toContain('team plan at half the price')
    expect(judgement.reply).not.toContain('warehouse team')
  })

  it('falls back to the next call when the seller never wrote back', () => {
    const judgement = replyTo([
      mail('m1', 'inbound', 'The licence looks expensive for a team of six.', '03'),
      call(
        'c1',
        [['seller', 'On the licence price, six users can go on the team plan at half the price.']],
        '2026-03-04T15:00:00Z',
      ),
    ])
    expect(judgement.reply).toContain('team plan at half the price')
  })
})
