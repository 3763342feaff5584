import { describe, expect, it } from 'vitest'
import { DEFAULT_PIPELINE_CONFIG } from '../eval/default-configs.js'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { analyseDealSync } from '../providers/builtin-provider.js'
import { actionCall } from '../test-support/action-call.js'
import { plainEvidence } from '../test-support/action-evidence.js'
import { call, dealInput } from '../test-support/deal-builders.js'
import { completionEvidence } from './action-quotes.js'
import { buildActionIndex } from './action-index.js'
import { citedStatus } from './assess-actions.js'

// Invented calls. A completed status cites the sentences that show it (DESIGN §6); with none
// to cite, the action is not completed.
const profiles = buildActionIndex(DEFAULT_PIPELINE_CONFIG.actions)
function profileOf(id: string) {
  const profile = profiles.find((p) => p.action.id === id)
  if (!profile) throw new Error(`no action ${id}`)
  return profile
}

function citedFor(
  actionId: string,
  turns: Parameters<typeof call>[1],
): { cited: string[]; lexiconResists: string[] } {
  const { text, profile, evidence, resists } = actionCall(actionId, turns)
  return {
    cited: completionEvidence(evidence, profile, text, resists).map((e) => e.sentence.text),
    lexiconResists: text.sentences.filter((s) => resists(s, true)).map((s) => s.text),
  }
}

describe('citedStatus', () => {
  it('keeps a completed status only with a sentence to cite', () => {
    expect(citedStatus('completed', () => 2)).toBe('completed')
    expect(citedStatus('completed', () => 0)).toBe('not_done')
  })

  it('leaves the other statuses alone without asking for citations', () => {
    const never = () => {
      throw new Error('asked')
    }
    expect(citedStatus('ongoing', never)).toBe('ongoing')
    expect(citedStatus('pending', never)).toBe('pending')
    expect(citedStatus('not_done', never)).toBe('not_done')
  })
})

describe('completionEvidence', () => {
  const text = analyseEngagements([call('e1', [['buyer', 'Hello there.']])])

  it('cites evidence clearly about the action where none passes the quote tests', () => {
    // No stem of "Identify the economic buyer / decision maker" and none of its vocabulary,
    // but as close to it as to any action.
    const clear = plainEvidence(
      'below twenty grand the call is mine and after that i loop in our controller',
      {
        similarity: 0.5,
        sentenceBest: 0.55,
      },
    )
    const elsewhere = plainEvidence('we looked at the dashboards with the team on tuesday', {
      similarity: 0.3,
      sentenceBest: 0.7,
    })
    const short = plainEvidence('i sign it', { similarity: 0.7, sentenceBest: 0.7 })
    const cited = completionEvidence(
      [clear, elsewhere, short],
      profileOf('identify_decision_maker'),
      text,
    )
    expect(cited).toEqual([clear])
  })

  it('cites nothing from small talk or sentences about another action', () => {
    const cited = completionEvidence(
      [
        plainEvidence('great, speak soon', { similarity: 0.6, sentenceBest: 0.6 }),
        plainEvidence('the rollout plan looks sensible to the whole team', {
          similarity: 0.22,
          sentenceBest: 0.6,
        }),
      ],
      profileOf('identify_decision_maker'),
      text,
    )
    expect(cited).toEqual([])
  })

  it('cites someone else’s say for who decides, though the lexicon reads it as deferring', () => {
    // Only the cue lexicon resists here, as it does for "it is not my call, our finance
    // director has the final say" (a detected objection still keeps a sentence out).
    const lexiconOnly = (_: unknown, lexicon: boolean) => lexicon
    const deferral = plainEvidence('our finance director has the final say on this one', {
      similarity: 0.6,
      sentenceBest: 0.6,
    })
    expect(
      completionEvidence([deferral], profileOf('identify_decision_maker'), text, lexiconOnly),
    ).toEqual([deferral])
    expect(completionEvidence([deferral], profileOf('confirm_budget'), text, lexiconOnly)).toEqual(
      [],
    )
    const objection = () => true
    expect(
      completionEvidence([deferral], profileOf('identify_decision_maker'), text, objection),
    ).toEqual([])
  })

  it('never cites a deferral the detector flags as an objection', () => {
    const deferral = 'It is not my call, our finance director has the final say on this.'
    const { cited, lexiconResists } = citedFor('identify_decision_maker', [
      ['seller', 'Thanks for walking me through the rollout plan today.'],
      ['buyer', deferral],
    ])
    expect(lexiconResists).toContain(deferral)
    expect(cited).not.toContain(deferral)
  })

  it('cites the buyer’s problem for the pain where the pain’s evidence states none', () => {
    const problem = 'Our engineers waste hours every week chasing missing job sheets.'
    const engagements = [
      call('e1', [
        ['seller', 'How do you plan the maintenance visits today?'],
        ['buyer', problem],
      ]),
    ]
    const dealText = analyseEngagements(engagements)
    // Evidence for the pain that carries no problem statement of its own.
    const plain = plainEvidence('we plan the visits on a shared calendar every monday')
    const cited = completionEvidence([plain], profileOf('identify_pain'), dealText)
    expect(cited.map((e) => e.sentence.text)).toEqual([problem])
  })
})

describe('completed actions', () => {
  it('always cite at least one sentence', () => {
    const results = analyseDealSync(
      dealInput([
        call('e1', [
          ['seller', 'Thanks for the time today. What are you using for scheduling now?'],
          ['buyer', 'We run everything on spreadsheets and a whiteboard.'],
          ['buyer', 'Missed visits cost us about four thousand a month in penalties.'],
          ['seller', 'Who makes the final call on a purchase like this?'],
          ['buyer', 'Our operations director signs off anything above five thousand.'],
          ['seller', 'Shall we book a demo with her next Tuesday at ten?'],
          ['buyer', 'Yes, Tuesday at ten works, I have sent her the invite.'],
        ]),
      ]),
    ).action_results
    const completed = results.filter((r) => r.status === 'Completed')
    expect(completed.length).toBeGreaterThan(0)
    for (const result of completed) {
      expect(result.results.length, result.action_id).toBeGreaterThan(0)
      expect(result.status_description_code).not.toBe('completed_overall')
    }
  })
})
