import { describe, expect, it } from 'vitest'
import { analyseDealSync } from '../providers/builtin-provider.js'
import type { SpeakerRole } from '@dealcoach/contracts/intelligence'
import { call, dealInput } from '../test-support/deal-builders.js'
import { DEFAULT_PIPELINE_CONFIG } from '../eval/default-configs.js'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { sentenceVectors } from '../nlp/sentence-vectors.js'
import { buildActionIndex } from './action-index.js'
import { evidenceByAction, MIN_OBJECTIONS_FOR_ACTION } from './assess-actions.js'

describe('assessActions', () => {
  const analysis = analyseDealSync(
    dealInput([
      call('e1', [
        ['seller', 'Who signs off on a purchase like this, and who makes the final decision?'],
        ['buyer', 'Dana, our CFO, makes the final decision and signs anything over ten grand.'],
        ['seller', 'I will send the written proposal with pricing by Friday.'],
      ]),
    ]),
  )
  const byId = new Map(analysis.action_results.map((a) => [a.action_id, a]))

  it('completes an action both sides discussed, citing the sentences', () => {
    const decisionMaker = byId.get('identify_decision_maker')
    expect(decisionMaker?.status).toBe('Completed')
    expect(decisionMaker?.results).toContainEqual({
      type: 'transcript',
      result: 'Dana, our CFO, makes the final decision and signs anything over ten grand.',
    })
  })

  it('leaves a default action the trained model sees no sign of out, even with a promise', () => {
    // One seller sentence promising a proposal is, in the training calls, mostly not yet
    // something the labels count; the status model learned that.
    expect(byId.has('send_proposal')).toBe(false)
  })

  it('reports nothing for actions without evidence', () => {
    expect(byId.has('security_legal_review')).toBe(false)
  })
})

describe('assessActions on a buyer stating an outcome action’s outcome', () => {
  const champion = (line: string) =>
    analyseDealSync(
      dealInput([
        call('e1', [
          ['seller', 'Thanks for the time today. How does the team log site visits now?'],
          ['buyer', 'Mostly on paper forms that get typed up on Fridays, which is slow.'],
          ['seller', 'Understood. What would it take to get this in front of your leadership?'],
          ['buyer', line],
          ['seller', 'That helps a lot. I will send over a summary tomorrow.'],
        ]),
      ]),
    ).action_results.find((r) => r.action_id === 'identify_champion')

  it('completes the champion on the buyer saying they argue for it, quoting that sentence', () => {
    // No word of it is near "Identify an internal champion": the set phrase is the proof.
    const line =
      'I have been lobbying for a tool like this since last spring, so you have an ally in me.'
    const found = champion(line)
    expect(found?.status).toBe('Completed')
    expect(found?.status_description_code).toBe('confirmed')
    expect(found?.results).toEqual([{ type: 'transcript', result: line }])
    expect(found?.engagement_id).toBe('e1')
  })

  it('finds no champion in a buyer saying they will not argue for it', () => {
    expect(
      champion('To be clear, I am not going to champion this internally until the pilot is done.'),
    ).toBeUndefined()
  })
})

describe('assessActions on the buyer committing to sign', () => {
  const signing = (line: string) =>
    analyseDealSync(
      dealInput([
        call('e1', [
          [
            'seller',
            'We can do the two-year term at the price we discussed, with quarterly invoicing.',
          ],
          ['buyer', line],
          ['seller', 'Great, I will send it over this afternoon.'],
        ]),
      ]),
    ).action_results
  const terms = (line: string) => signing(line).find((r) => r.action_id === 'agree_terms')

  it('agrees the terms when the buyer says they will sign at a set time, quoting it', () => {
    const found = terms(
      'Good, that pricing works. Email the order form over and I will sign it as soon as it arrives.',
    )
    expect(found?.status).toBe('Completed')
    expect(found?.results).toContainEqual({
      type: 'transcript',
      result: 'Email the order form over and I will sign it as soon as it arrives.',
    })
  })

  it('confirms who signs and when by the same sentence', () => {
    const results = signing('Send the contract over and I will sign it tomorrow.')
    expect(results.find((r) => r.action_id === 'confirm_signatory')?.status).toBe('Completed')
  })

  it('leaves them open when the signature hangs on a condition', () => {
    expect(
      terms('If the board approves the spend on Thursday, I will sign it on Friday.'),
    ).toBeUndefined()
  })
})

describe('courtesies', () => {
  it('cites no courtesy that meets an action only through its topic word', () => {
    // Written for this test (QA, a demo deal): "no problem" is near "Quantify the business
    // impact of the problem" and "Identify the prospect's main pain points" by its word alone.
    const courtesy = 'No problem at all, I blocked the full hour for this.'
    const analysis = analyseDealSync(
      dealInput([
        call('e1', [
          ['seller', 'Good to see you again, Bea.'],
          ['buyer', courtesy],
        ]),
      ]),
    )
    const cited = analysis.action_results.flatMap((a) => a.results.map((r) => r.result))
    expect(cited).not.toContain(courtesy)
  })
})

describe('assessActions with an organisation’s own playbook', () => {
  // An expansion playbook's action, in stage s1 of each test's pipeline.
  const NEW_TEAMS = {
    id: 'new-teams',
    name: 'Find new teams with the same problem',
    description:
      'Ask which other departments or regions struggle with the same problem and who leads them.',
    stage_id: 's1',
  }

  it('matches actions through their own names and descriptions', () => {
    const analysis = analyseDealSync(
      dealInput(
        [
          call('e1', [
            ['seller', 'Could you walk me through your fleet and how many trucks run each day?'],
            ['buyer', 'Our fleet is forty trucks a day across two depots.'],
          ]),
        ],
        {
          pipeline: {
            stages: [{ id: 's1', name: 'Qualify', position: 0 }],
            actions: [
              {
                id: 'fleet',
                name: 'Size the fleet',
                description: 'Learn how many trucks and depots they run.',
                stage_id: 's1',
              },
              {
                id: 'insurance',
                name: 'Check insurance cover',
                description: 'Ask which insurer covers the cargo.',
                stage_id: 's1',
              },
            ],
          },
        },
      ),
    )
    expect(analysis.action_results.map((a) => [a.action_id, a.status])).toEqual([
      ['fleet', 'Completed'],
    ])
  })

  it('marks an action of its own promised with a date pending, by the rules', () => {
    const analysis = analyseDealSync(
      dealInput(
        [
          call('e1', [
            ['buyer', 'Can you put the fleet quote in writing?'],
            ['seller', 'I will send the fleet quote by Friday.'],
          ]),
        ],
        {
          pipeline: {
            stages: [{ id: 's1', name: 'Quote', position: 0 }],
            actions: [
              {
                id: 'fleet-quote',
                name: 'Send the fleet quote',
                description: 'A written quote for the whole fleet.',
                stage_id: 's1',
              },
            ],
          },
        },
      ),
    )
    const quote = analysis.action_results.find((a) => a.action_id === 'fleet-quote')
    expect(quote?.status).toBe('Pending')
    expect(quote?.status_description).toMatch(/^Pending: promised/)
  })

  it('takes no sentence that names no topic as evidence of an action of its own', () => {
    // Written for this test, not taken from any eval file: a call that never reaches the
    // action, whose pleasantries meet its description only through generic words' concepts.
    const pipeline = {
      stages: [{ id: 's1', name: 'Grow', position: 0 }],
      actions: [NEW_TEAMS],
    }
    const analysis = analyseDealSync(
      dealInput(
        [
          call('e1', [
            ['seller', 'Hello both, thanks for making the time today.'],
            ['buyer', 'Glad we could make it work.'],
            ['seller', 'Great, I will follow up at some point.'],
            ['buyer', 'Thanks, talk soon.'],
          ]),
        ],
        { pipeline },
      ),
    )
    expect(analysis.action_results).toEqual([])
  })

  it('quotes no courtesy for an action whose topic word it happens to use', () => {
    // Written for this test: "No problem at all" is not about a problem (QA, a demo deal).
    const analysis = analyseDealSync(
      dealInput(
        [
          call('e1', [
            ['seller', 'Thanks for making the time, I know the week is busy.'],
            ['buyer', 'No problem at all, I blocked the full hour for this.'],
            [
              'seller',
              'Which other departments struggle with the same problem, and who leads them?',
            ],
            ['buyer', 'Our field service team has exactly the same problem, Dana Cole leads it.'],
          ]),
        ],
        { pipeline: { stages: [{ id: 's1', name: 'Grow', position: 0 }], actions: [NEW_TEAMS] } },
      ),
    )
    const quotes = analysis.action_results
      .find((a) => a.action_id === 'new-teams')
      ?.results.map((r) => r.result)
    expect(quotes).toContain(
      'Our field service team has exactly the same problem, Dana Cole leads it.',
    )
    expect(quotes).not.toContain('No problem at all, I blocked the full hour for this.')
  })

  describe('judging each action of its own by the sentences clearly about it', () => {
    // Written for this test, not taken from any eval file: an expansion playbook, and a call
    // that prices the offer and promises it, but never asks about other teams or who signs.
    const expansion = {
      stages: [{ id: 's1', name: 'Expand', position: 0 }],
      actions: [
        {
          id: 'adoption',
          name: 'Review adoption with the customer',
          description: 'Go through how the current teams use the product and where usage is low.',
          stage_id: 's1',
        },
        NEW_TEAMS,
        {
          id: 'offer',
          name: 'Send the expansion offer',
          description: 'Send pricing for the added seats and the timeline in writing.',
          stage_id: 's1',
        },
        {
          id: 'signatory',
          name: 'Confirm the signatory',
          description: 'Confirm who signs the order form and when.',
          stage_id: 's1',
        },
      ],
    }
    const analysis = analyseDealSync(
      dealInput(
        [
          call('e1', [
            ['seller', 'When a deal slips, how do your managers find out today?'],
            ['buyer', 'Mostly in the Friday forecast call.'],
            ['buyer', 'The ops team updates a spreadsheet by hand and the data arrives late.'],
            ['seller', 'So the data is there, but it is late.'],
            ['buyer', 'My worry though is the price of the added seats.'],
            ['seller', 'Will do, I will send the proposal by Thursday.'],
          ]),
        ],
        { pipeline: expansion },
      ),
    )
    const byId = new Map(analysis.action_results.map((a) => [a.action_id, a]))

    it('reports none that a sentence meets through concepts alone or another action’s words', () => {
      // "Friday" and "managers" meet "who signs … and when" by a date and a decision-maker
      // word; "the ops team" is nearer reviewing adoption than finding new teams.
      expect(byId.has('signatory')).toBe(false)
      expect(byId.has('new-teams')).toBe(false)
    })

    it('shows the promise a pending action rests on, though it names the offer otherwise', () => {
      const offer = byId.get('offer')
      expect(offer?.status).toBe('Pending')
      expect(offer?.results).toContainEqual({
        type: 'transcript',
        result: 'Will do, I will send the proposal by Thursday.',
      })
      expect(offer?.summary).toContain(
        'strongest: "Will do, I will send the proposal by Thursday."',
      )
    })

    it('completes a “Confirm …” action once the buyer states it, a time to come or not', () => {
      const signatory = (lines: [SpeakerRole, string][]) =>
        analyseDealSync(
          dealInput([call('e1', lines)], { pipeline: expansion }),
        ).action_results.find((a) => a.action_id === 'signatory')
      const asked: [SpeakerRole, string] = [
        'seller',
        'Who signs the order form for the added seats, and when?',
      ]
      const stated = signatory([asked, ['buyer', 'Dana Lee signs the order form, this month.']])
      expect(stated?.status).toBe('Completed')
      expect(stated?.results).toContainEqual({
        type: 'transcript',
        result: 'Dana Lee signs the order form, this month.',
      })
      // The seller's question alone confirms nothing.
      expect(signatory([asked])?.status).not.toBe('Completed')
    })
  })
})

describe('assessActions crediting an engagement', () => {
  const pipeline = {
    stages: [{ id: 's1', name: 'Quote', position: 0 }],
    actions: [
      {
        id: 'fleet-quote',
        name: 'Send the fleet quote',
        description: 'A written quote for the whole fleet.',
        stage_id: 's1',
      },
    ],
  }
  const promised = call(
    'promise',
    [['seller', 'I will send the fleet quote by Friday.']],
    '2026-03-02T15:00:00Z',
  )
  const fleetQuote = (engagements: ReturnType<typeof call>[]) =>
    analyseDealSync(dealInput(engagements, { pipeline })).action_results.find(
      (a) => a.action_id === 'fleet-quote',
    )

  it('credits a completed action to the engagement that confirmed it, not a later mention', () => {
    const quote = fleetQuote([
      promised,
      call('sent', [['seller', 'I sent the fleet quote this morning.']], '2026-03-06T09:00:00Z'),
      call(
        'recap',
        [['buyer', 'Can we go through the fleet quote line by line?']],
        '2026-03-09T09:00:00Z',
      ),
    ])
    expect(quote?.status).toBe('Completed')
    expect(quote?.engagement_id).toBe('sent')
  })

  it('credits a pending action to the engagement of its latest promise', () => {
    const quote = fleetQuote([
      promised,
      call(
        'recap',
        [['buyer', 'Is the fleet quote for all forty trucks?']],
        '2026-03-04T09:00:00Z',
      ),
    ])
    expect(quote?.status).toBe('Pending')
    expect(quote?.engagement_id).toBe('promise')
  })
})

describe('assessActions on an outcome action’s object', () => {
  const pipeline = {
    stages: [{ id: 's1', name: 'Commercials', position: 0 }],
    actions: [
      {
        id: 'offer',
        name: 'Send the expansion offer',
        description: 'Send pricing for the added seats and the timeline in writing.',
        stage_id: 's1',
      },
    ],
  }
  const offer = (turns: [SpeakerRole, string][]) =>
    analyseDealSync(dealInput([call('e1', turns)], { pipeline })).action_results.find(
      (a) => a.action_id === 'offer',
    )

  it('does not read the action’s verb alone, said of something else, as the action done', () => {
    expect(
      offer([
        ['seller', 'Thanks for hopping on, Dana. I had a quick look at the agenda you sent over.'],
        ['buyer', 'Great, glad they helped.'],
      ]),
    ).toBeUndefined()
  })

  it('completes it when a sentence names what was sent, from either side', () => {
    const sent = offer([['seller', 'I sent the pricing for the extra seats yesterday.']])
    expect(sent?.status).toBe('Completed')
    expect(sent?.results).toEqual([
      { type: 'transcript', result: 'I sent the pricing for the extra seats yesterday.' },
    ])
    const received = offer([['buyer', 'Thanks, we got the offer you sent and it looks fine.']])
    expect(received?.status).toBe('Completed')
  })

  it('still takes a sentence about the offer without the verb as evidence', () => {
    expect(offer([['buyer', 'Thanks, we received your offer.']])?.results).toEqual([
      { type: 'transcript', result: 'Thanks, we received your offer.' },
    ])
  })
})

describe('evidenceByAction on a default outcome action', () => {
  it('keeps a sentence sharing only the verb as evidence, marked as not about the object', () => {
    const text = analyseEngagements([
      call('e1', [
        ['seller', 'I had a quick look at the agenda you sent over.'],
        ['buyer', 'Thanks, we got the written quote yesterday.'],
      ]),
    ])
    const profiles = buildActionIndex(DEFAULT_PIPELINE_CONFIG.actions)
    const position = profiles.findIndex((p) => p.action.id === 'send_proposal')
    const evidence = evidenceByAction(text, sentenceVectors(text), profiles)[position] ?? []
    expect(evidence.map((e) => [e.sentence.text, e.aboutObject])).toEqual([
      ['I had a quick look at the agenda you sent over.', false],
      ['Thanks, we got the written quote yesterday.', true],
    ])
  })
})

describe('assessActions on addressing objections', () => {
  it('leaves the objections action out when the buyer raised only a couple of objections', () => {
    const analysis = analyseDealSync(
      dealInput([
        call('e1', [
          ['buyer', 'Honestly this is far too expensive for us, we have no budget left this year.'],
          [
            'seller',
            'Understood. Most teams fund it from the savings on overtime in the first quarter.',
          ],
          ['buyer', 'We are also worried about the integration with our current HR system.'],
        ]),
      ]),
    )
    expect(analysis.objections.length).toBeGreaterThan(0)
    expect(analysis.objections.length).toBeLessThan(MIN_OBJECTIONS_FOR_ACTION)
    expect(analysis.action_results.map((a) => a.action_id)).not.toContain('address_objections')
  })

  // The same resistance, on a first call and in a negotiation: the trained model puts the step
  // in play only where the kind of deal makes it a playbook step (objectionActionFeatures).
  const resistance: [SpeakerRole, string][] = [
    ['buyer', 'Honestly this is far too expensive for us, we have no budget left this year.'],
    ['seller', 'I see. Shall we look at the rollout plan next?'],
    ['buyer', 'We cannot sign a three year contract, twelve months is the most legal will accept.'],
    ['seller', 'Let me check with my manager.'],
    ['buyer', 'And the cancellation terms in your paper are a problem for us.'],
  ]

  function objectionsAction(title: string) {
    const engagement = { ...call('e1', resistance), name: title }
    const analysis = analyseDealSync(dealInput([engagement]))
    return {
      objections: analysis.objections,
      action: analysis.action_results.find((a) => a.action_id === 'address_objections'),
    }
  }

  it('puts the objections step in play in a negotiation with objections left open', () => {
    const { objections, action } = objectionsAction('Contract negotiation')
    expect(objections.some((o) => !o.handled)).toBe(true)
    expect(action?.status).toBe('In progress')
    expect(action?.status_description).toMatch(/^Open: /)
    // The same, as the codes and values the app says it by in the reader's language.
    const open = objections.filter((o) => !o.handled)
    expect(action).toMatchObject({
      summary_code: 'objections_raised',
      summary_params: { count: objections.length, open: open.length },
      status_description_code: 'objections_open',
      status_description_params: {
        count: open.length,
        types: [...new Set(open.map((o) => o.type_name))].join(', '),
        type_count: new Set(open.map((o) => o.type_name)).size,
      },
    })
  })

  it('leaves the objections step out of a first discovery call with the same objections', () => {
    const { objections, action } = objectionsAction('Discovery call')
    expect(objections.length).toBeGreaterThan(0)
    expect(action).toBeUndefined()
  })
})
