import type { Engagement, SpeakerRole } from '@dealcoach/contracts/intelligence'
import { describe, expect, it } from 'vitest'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { analyseDealSync } from '../providers/builtin-provider.js'
import { call, dealInput } from '../test-support/deal-builders.js'
import { nextStepAgreement, nextStepPutOff } from './next-step-put-off.js'

const putOff = (...engagements: Engagement[]) => nextStepPutOff(analyseEngagements(engagements))
const oneCall = (turns: [SpeakerRole, string][]) => call('e1', turns)

describe('nextStepPutOff', () => {
  it('reads a brush-off or a stall after the seller’s last ask as put off', () => {
    expect(
      putOff(
        oneCall([
          ['seller', 'Could we book a follow-up call next Tuesday?'],
          ['buyer', 'We’ll call you.'],
        ]),
      ),
    ).toBe(true)
    expect(
      putOff(
        oneCall([
          ['seller', 'How about I pencil in Thursday for the next call?'],
          ['buyer', 'Send the slides first and I will get back to you.'],
        ]),
      ),
    ).toBe(true)
  })

  it('reads a stall that ends in a yes, or an answer with a date, as agreed', () => {
    expect(
      putOff(
        oneCall([
          ['seller', 'Does Thursday at two work for the next call?'],
          ['buyer', 'Let me look. Thursday at two works.'],
        ]),
      ),
    ).toBe(false)
    expect(
      putOff(
        oneCall([
          ['seller', 'Can we book the follow-up for next week?'],
          ['buyer', 'I will get back to you by the twelfth of May with the team’s dates.'],
        ]),
      ),
    ).toBe(false)
  })

  it('judges the last ask only: an ask put off and asked again with a yes is agreed', () => {
    const turns: [SpeakerRole, string][] = [
      ['seller', 'Shall we book the next call for Monday?'],
      ['buyer', 'Let me think about it.'],
      ['seller', 'Fair enough. What about a short call on Wednesday instead?'],
      ['buyer', 'Yes, Wednesday is fine.'],
    ]
    expect(putOff(oneCall(turns))).toBe(false)
    expect(putOff(oneCall(turns.slice(0, 2)))).toBe(true)
  })

  it('needs an ask in a call with the buyer’s answer right after it', () => {
    expect(putOff(oneCall([['buyer', 'We’ll call you when we are ready.']]))).toBe(false)
    expect(
      putOff(
        oneCall([
          ['seller', 'Shall we book the next call for Monday?'],
          ['seller', 'No pressure, I will get back to you on the pricing.'],
        ]),
      ),
    ).toBe(false)
  })
})

describe('next steps put off in the analysis', () => {
  const nextSteps = (turns: [SpeakerRole, string][]) =>
    analyseDealSync(dealInput([oneCall(turns)])).action_results.find(
      (a) => a.action_id === 'agree_next_steps',
    )?.status

  const talk: [SpeakerRole, string][] = [
    ['seller', 'What are the next steps on your side after today?'],
    ['buyer', 'I will share the deck with the team this week.'],
    ['seller', 'Great. Can we get a follow-up on the calendar for next Thursday?'],
  ]

  it('does not report next steps as agreed when the buyer put off the last ask', () => {
    expect(nextSteps([...talk, ['buyer', 'Thursday at ten works, send the invite.']])).toBe(
      'Completed',
    )
    expect(
      nextSteps([...talk, ['buyer', 'Let us not book anything yet, I will get back to you.']]),
    ).toBeUndefined()
  })
})

describe('nextStepAgreement', () => {
  const agreement = (turns: [SpeakerRole, string][]) =>
    nextStepAgreement(analyseEngagements([oneCall(turns)]))?.text

  it('is the sentence of the buyer’s answer that names the day', () => {
    expect(
      agreement([
        ['seller', 'Could we book a session with your IT lead next Tuesday?'],
        ['buyer', 'Yes, Tuesday at ten works. I will send the invite.'],
      ]),
    ).toBe('Yes, Tuesday at ten works.')
  })

  it('is none for an answer that puts the ask off, or with no ask', () => {
    expect(
      agreement([
        ['seller', 'Could we book a follow-up call next Tuesday?'],
        ['buyer', 'We’ll call you.'],
      ]),
    ).toBeUndefined()
    expect(agreement([['buyer', 'Yes, Tuesday works.']])).toBeUndefined()
    // A bare yes agrees, but quoted alone it says nothing of the step; a past date is no day to meet.
    expect(
      agreement([
        ['seller', 'Shall we schedule a follow-up?'],
        ['buyer', 'We lost two customers last quarter because of late deliveries.'],
      ]),
    ).toBeUndefined()
    expect(
      agreement([
        ['seller', 'Could we book a follow-up call next Tuesday?'],
        ['buyer', 'Yes.'],
      ]),
    ).toBeUndefined()
  })
})

describe('the agreed next step in the analysis', () => {
  it('quotes the buyer’s yes first, ahead of a sentence that only names a time', () => {
    const result = analyseDealSync(
      dealInput([
        oneCall([
          ['seller', 'What is driving the timing on your side?'],
          ['buyer', 'My CFO asked me to fix this before the next board meeting.'],
          [
            'seller',
            'Could we book a session with your IT lead next Tuesday to go through the security review?',
          ],
          ['buyer', 'Yes, Tuesday at ten works. I will send the invite.'],
        ]),
      ]),
    ).action_results.find((a) => a.action_id === 'agree_next_steps')
    expect(result?.status).toBe('Completed')
    expect(result?.summary).toContain('strongest: "Yes, Tuesday at ten works."')
  })
})
