import { describe, expect, it } from 'vitest'
import { analyseDealSync } from '../providers/builtin-provider.js'
import { plainEvidence } from '../test-support/action-evidence.js'
import { plainSentence } from '../test-support/analysed-text.js'
import { call, dealInput } from '../test-support/deal-builders.js'
import type { ActionEvidence } from './action-features.js'
import { actionSummary, statusDescription } from './action-quotes.js'

// The app says an action's summary and status description in the reader's language from their
// codes and params; the English beside them stays what API clients read.

// A buyer's sentence said in the engagement at `engagementIndex`.
const evidence = (
  text: string,
  engagementIndex: number,
  fields: Partial<ActionEvidence> = {},
): ActionEvidence =>
  plainEvidence(text, {
    sentence: plainSentence(text, { role: 'buyer', engagementIndex }),
    ...fields,
  })

describe('statusDescription’s code and params', () => {
  const engagements = [
    { id: 'e1', type: 'transcript' as const, name: 'Call' },
    { id: 'e2', type: 'transcript' as const, name: 'Call 2' },
    { id: 'e3', type: 'email' as const, name: 'Re: proposal' },
  ]

  it('counts the sentences and the calls and e-mails they were said on', () => {
    const said = [
      evidence('the proposal was signed', 0, { confirms: true }),
      evidence('we signed it yesterday', 1, { confirms: true }),
      evidence('signed copy attached', 2, { confirms: true }),
    ]
    expect(statusDescription('completed', said, engagements)).toEqual({
      code: 'confirmed',
      params: { sentences: 3, calls: 2, emails: 1, conversations: 0 },
      text: 'Completed: confirmed in 3 sentences across 2 calls and 1 e-mail.',
    })
  })

  it('says who discussed a completed action', () => {
    const said = [
      evidence('who signs off on this', 0, { sentence: plainSentence('who signs off on this') }),
      evidence('our cfo signs off', 0),
    ]
    expect(statusDescription('completed', said, engagements)).toEqual({
      code: 'discussed_by_both',
      params: { sentences: 2, calls: 1, emails: 0, conversations: 0 },
      text: 'Completed: discussed by the buyer and the seller in 2 sentences on 1 call.',
    })
    expect(statusDescription('completed', said.slice(1), engagements).code).toBe('discussed')
    expect(statusDescription('completed', [], engagements)).toMatchObject({
      code: 'completed_overall',
      params: {},
    })
  })

  it('quotes the promise of a pending action, and says when there is none', () => {
    const said = [evidence('i will send the proposal by friday', 0, { promises: true })]
    expect(statusDescription('pending', said, engagements)).toMatchObject({
      code: 'promised',
      params: { quote: 'i will send the proposal by friday' },
    })
    expect(statusDescription('pending', [], engagements).code).toBe('expected')
  })

  it('counts where an action in progress was raised', () => {
    expect(statusDescription('ongoing', [evidence('the rollout', 2)], engagements)).toEqual({
      code: 'raised',
      params: { sentences: 1, calls: 0, emails: 1, conversations: 0 },
      text: 'In progress: raised in 1 sentence in 1 e-mail, not yet concluded.',
    })
    expect(statusDescription('ongoing', [], engagements).code).toBe('touched_on')
  })
})

describe('actionSummary’s code and params', () => {
  it('names the action, counts its sentences and quotes the strongest', () => {
    const said = [evidence('our cfo signs off', 0), evidence('dana decides', 0)]
    expect(actionSummary('Identify the decision maker', said, said[1])).toEqual({
      code: 'sentences_about',
      params: { count: 2, action: 'Identify the decision maker', quote: 'dana decides' },
      text: '2 sentences about "Identify the decision maker"; strongest: "dana decides"',
    })
    expect(actionSummary('Send the proposal', [], undefined)).toMatchObject({
      code: 'no_clear_sentence',
      params: { action: 'Send the proposal' },
    })
  })
})

describe('the action results of an analysis', () => {
  it('carry the codes and params of their summary and status description', () => {
    const analysis = analyseDealSync(
      dealInput([
        call('e1', [
          ['seller', 'Who signs off on a purchase like this, and who makes the final decision?'],
          ['buyer', 'Dana, our CFO, makes the final decision and signs anything over ten grand.'],
        ]),
      ]),
    )
    const decisionMaker = analysis.action_results.find(
      (a) => a.action_id === 'identify_decision_maker',
    )
    expect(decisionMaker).toBeDefined()
    for (const result of analysis.action_results) {
      expect(result.summary_code).toBeDefined()
      expect(result.status_description_code).toBeDefined()
    }
    expect(decisionMaker?.summary_params).toMatchObject({ action: decisionMaker?.action })
    // Completed, both sides having discussed it on the one call (assess-actions.test.ts).
    expect(decisionMaker?.status_description_code).toMatch(/^(confirmed|discussed_by_both)$/)
    expect(decisionMaker?.status_description_params).toMatchObject({ calls: 1, emails: 0 })
  })
})
