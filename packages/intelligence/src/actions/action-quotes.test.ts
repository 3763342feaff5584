import type { AnalysisInput } from '@dealcoach/contracts/intelligence'
import { describe, expect, it } from 'vitest'
import { analyseDealSync } from '../providers/builtin-provider.js'
import { call, dealInput } from '../test-support/deal-builders.js'
import { plainEvidence } from '../test-support/action-evidence.js'
import { statusDescription } from './action-quotes.js'

const INTERNALS = /model|rules?:|trained|evidence/i

const qaCall: AnalysisInput = dealInput([
  call('e1', [
    ['seller', 'Hi Bea, thanks for making the time today. How has the quarter been going for you?'],
    ['buyer', 'Busy, honestly.'],
    ['seller', 'Where does payroll break down most often?'],
    ['buyer', 'Payroll is a manual spreadsheet and the errors are constant.'],
    ['buyer', 'It takes our team twenty hours every pay period.'],
    ['seller', 'That is a lot of time.'],
    ['seller', 'Who signs off on a purchase like this?'],
    ['buyer', 'Our CFO Maria makes the final decision on anything above ten thousand.'],
    ['buyer', 'Our IT team will also want to see your SOC 2 report.'],
    ['seller', 'Can we meet again next Tuesday with Maria to review the numbers?'],
    ['buyer', 'Sure, Tuesday at ten works for me.'],
    ['seller', 'I will send the invite to Maria.'],
    ['buyer', 'Great, speak soon.'],
  ]),
])

describe('action quotes', () => {
  const results = analyseDealSync(qaCall).action_results
  const byId = new Map(results.map((a) => [a.action_id, a]))

  it('quotes for next steps the sentences about the meeting, not small talk', () => {
    const next = byId.get('agree_next_steps')
    expect(next).toBeDefined()
    const quoted = next?.results.map((r) => r.result) ?? []
    expect(quoted).toContain('Can we meet again next Tuesday with Maria to review the numbers?')
    for (const text of ['That is a lot of time.', 'Busy, honestly.', 'Great, speak soon.']) {
      expect(quoted).not.toContain(text)
      expect(next?.summary).not.toContain(text)
    }
    expect(quoted.some((q) => q.startsWith('How has the quarter'))).toBe(false)
  })

  it('does not quote a security sentence for the economic buyer', () => {
    const buyer = byId.get('identify_decision_maker')
    const quoted = buyer?.results.map((r) => r.result) ?? []
    expect(quoted).toContain(
      'Our CFO Maria makes the final decision on anything above ten thousand.',
    )
    expect(quoted).not.toContain('Our IT team will also want to see your SOC 2 report.')
  })

  it('never cites an invite as the written proposal', () => {
    const proposal = byId.get('send_proposal')
    expect(proposal?.results.map((r) => r.result) ?? []).not.toContain(
      'I will send the invite to Maria.',
    )
    expect(proposal?.status_description ?? '').not.toContain('invite')
  })

  it('describes every status in the user’s words', () => {
    expect(results.length).toBeGreaterThan(0)
    for (const result of results) {
      expect(result.status_description).not.toMatch(INTERNALS)
      expect(result.summary).not.toMatch(/model|rules?:|trained/i)
      expect(result.status_description.startsWith(result.status)).toBe(
        result.action_id !== 'address_objections',
      )
    }
  })
})

describe('the pain quote', () => {
  it('is the buyer’s own problem, not the seller’s pitch that names one', () => {
    const rawCall = dealInput([
      call('e1', [
        ['seller', 'great so we help restaurant groups build staff rotas how do you do it now'],
        [
          'buyer',
          'honestly its a whiteboard in the back office and a group chat its a mess every sunday i spend about four hours on it',
        ],
        ['seller', 'four hours every week thats a lot'],
        ['seller', 'shifts go out by text message so nobody needs to install anything'],
        ['buyer', 'ok thats better'],
        ['seller', 'could we do a screen share with your partner next wednesday at three'],
        ['buyer', 'wednesday at three is fine send me an invite'],
      ]),
    ])
    const pain = analyseDealSync(rawCall).action_results.find(
      (a) => a.action_id === 'identify_pain',
    )
    expect(pain?.results.map((r) => r.result)).toEqual([
      'honestly its a whiteboard in the back office and a group chat its a mess',
    ])
  })
})

describe('action quotes of an organisation’s own action', () => {
  it('does not quote a sentence that shares only the verb of talking it over', () => {
    const results = analyseDealSync(
      dealInput(
        [
          call('e1', [
            [
              'seller',
              'Shall we go through adoption first: which teams use the reports, and where is usage low?',
            ],
            ['buyer', 'Finance uses them daily, but the field teams barely log in.'],
            [
              'seller',
              'I will loop in our legal lead; most contract reviews finish within a week.',
            ],
          ]),
        ],
        {
          pipeline: {
            stages: [{ id: 's1', name: 'Account review', position: 0 }],
            actions: [
              {
                id: 'adoption',
                name: 'Review adoption with the customer',
                description: 'Go through how the teams use the product and where usage is low.',
                stage_id: 's1',
              },
            ],
          },
        },
      ),
    ).action_results
    const quoted = results.flatMap((r) => r.results.map((q) => q.result))
    expect(quoted).not.toContain(
      'I will loop in our legal lead; most contract reviews finish within a week.',
    )
  })
})

describe('statusDescription', () => {
  const evidence = plainEvidence
  const engagements = [{ id: 'e1', type: 'transcript' as const, name: 'Call' }]

  it('counts the confirmations of a completed action and where they were said', () => {
    const said = [evidence('the proposal was signed', { confirms: true })]
    expect(statusDescription('completed', said, engagements).text).toBe(
      'Completed: confirmed in 1 sentence on 1 call.',
    )
  })

  it('quotes the promise of a pending action', () => {
    const said = [evidence('i will send the proposal by friday', { promises: true })]
    expect(statusDescription('pending', said, engagements).text).toBe(
      'Pending: promised ("i will send the proposal by friday"), not yet confirmed as done.',
    )
  })

  it('says so when no sentence is about the action', () => {
    expect(statusDescription('ongoing', [], engagements).text).toBe(
      'In progress: touched on, not yet concluded.',
    )
  })
})
