import type { Engagement } from '@dealcoach/contracts/intelligence'
import { describe, expect, it } from 'vitest'
import { agreesDatedNextStep } from './next-step.js'

const callAt = (occurredAt: string, ...lines: string[]): Engagement => ({
  id: occurredAt,
  type: 'transcript',
  name: 'Call',
  occurred_at: occurredAt,
  utterances: lines.map((text, index) => ({
    speaker: index % 2 === 0 ? 'Sam' : 'Ann',
    role: index % 2 === 0 ? 'seller' : 'buyer',
    text,
  })),
})

describe('agreesDatedNextStep', () => {
  it.each([
    'Send me the numbers by Friday and I will take them to finance.',
    "Let's meet on the 12th to walk through the rollout.",
    'I will share the draft contract next week.',
    'can you get the security answers to us in two weeks',
    'Could we book half an hour on 3 March with your IT lead?',
  ])('finds a commitment with a day to come: %j', (line) => {
    expect(
      agreesDatedNextStep([callAt('2026-03-01T10:00:00Z', 'Thanks for the time.', line)]),
    ).toBe(true)
  })

  it.each([
    'We looked at three tools last Friday.',
    'Friday was a long day for the whole team.',
    'I will think about it.',
    'The 20 seats are for the support team.',
  ])('does not take a day or a promise alone: %j', (line) => {
    expect(agreesDatedNextStep([callAt('2026-03-01T10:00:00Z', line)])).toBe(false)
  })

  it('reads only the latest call or e-mail', () => {
    const earlier = callAt('2026-02-01T10:00:00Z', 'Let us talk again on Monday.')
    const later = callAt('2026-03-01T10:00:00Z', 'Thanks, that was useful.')
    expect(agreesDatedNextStep([later, earlier])).toBe(false)
    expect(agreesDatedNextStep([earlier])).toBe(true)
  })

  it('reads an e-mail body without the quoted thread', () => {
    const email: Engagement = {
      id: 'm1',
      type: 'email',
      name: 'Re: proposal',
      occurred_at: '2026-03-01T10:00:00Z',
      direction: 'inbound',
      body: 'Thanks, I will review it with finance on Thursday.\n\nBest,\nAnn',
    }
    expect(agreesDatedNextStep([email])).toBe(true)
  })
})
