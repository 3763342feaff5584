import { describe, expect, it } from 'vitest'
import { analyseDealSync } from '../providers/builtin-provider.js'
import { call, dealInput } from '../test-support/deal-builders.js'

describe('confidence and risk warnings', () => {
  it('explains a stale, single-threaded deal with an unhandled objection', () => {
    const analysis = analyseDealSync(
      dealInput(
        [
          call(
            'e1',
            [
              ['buyer', 'Honestly it is too expensive, we have no budget for it.'],
              ['seller', 'Anyway, let me show you the dashboard.'],
            ],
            '2026-01-05T10:00:00Z',
          ),
        ],
        {
          as_of: '2026-03-01T10:00:00Z',
          deal: {
            stage_id: 'demo',
            stage_history: [
              { from_stage_id: 'discovery', to_stage_id: 'demo', at: '2025-12-01T00:00:00Z' },
            ],
            contacts: [],
          },
        },
      ),
    )
    expect(analysis.confidence.level).toBe('low')
    expect(analysis.confidence.factors.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'unresolved_objections',
        'activity_recency',
        'buyer_contacts',
        'time_in_stage',
      ]),
    )
    const recency = analysis.confidence.factors.find((f) => f.name === 'activity_recency')
    expect(recency?.effect).toBeLessThan(0)
    // The values the text names, so the app can say it in the reader's language, and the day an
    // open deal's count runs from, so that it can be read again on a later day.
    expect(recency?.params).toEqual({ count: 55, since: '2026-01-05T10:00:00.000Z' })
    expect(analysis.risk_warnings.find((w) => w.code === 'unhandled_objection')?.params).toEqual({
      type: expect.any(String) as string,
      quote: expect.stringContaining('too expensive') as string,
    })
    expect(analysis.risk_warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining([
        'no_activity',
        'stalled_in_stage',
        'single_threaded',
        'unhandled_objection',
        'no_next_step',
      ]),
    )
  })

  it('reads a won deal as it stood when it closed, without the warnings of an open deal', () => {
    const wonDeal = (status: 'open' | 'won') =>
      analyseDealSync(
        dealInput(
          [
            call(
              'e1',
              [
                ['buyer', 'Honestly it is too expensive, we have no budget for it.'],
                ['seller', 'Anyway, let me show you the dashboard.'],
              ],
              '2026-01-05T10:00:00Z',
            ),
          ],
          {
            as_of: '2026-03-20T10:00:00Z',
            deal: {
              stage_id: 'demo',
              stage_history: [
                { from_stage_id: 'discovery', to_stage_id: 'demo', at: '2026-01-02T00:00:00Z' },
              ],
              close_date: '2026-01-09',
              contacts: [],
              status,
            },
          },
        ),
      )
    const open = wonDeal('open')
    const won = wonDeal('won')
    const recency = (analysis: typeof won) =>
      analysis.confidence.factors.find((f) => f.name === 'activity_recency')?.params
    // Open, it has been quiet since January; won on 9 January, it closed 4 days after the call.
    expect(recency(open)).toEqual({ count: 74, since: '2026-01-05T10:00:00.000Z' })
    // A closed deal's count stands: it is not read again later.
    expect(recency(won)).toEqual({ count: 4 })
    expect(open.risk_warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(['no_activity', 'stalled_in_stage', 'no_next_step']),
    )
    // What the calls showed stays: coaching reads it after the deal closed.
    expect(won.risk_warnings.map((w) => w.code)).toEqual(['single_threaded', 'unhandled_objection'])
  })

  it('lists an objection raised in the same words in two calls, unhandled both times, once', () => {
    const objectionCall = (id: string, at: string) =>
      call(
        id,
        [
          ['buyer', 'Honestly it is too expensive, we have no budget for it.'],
          ['seller', 'Anyway, let me show you the dashboard.'],
        ],
        at,
      )
    const analysis = analyseDealSync(
      dealInput([
        objectionCall('e1', '2026-02-20T10:00:00Z'),
        objectionCall('e2', '2026-02-27T10:00:00Z'),
      ]),
    )
    // Both are found (the objection report counts each time it was raised) ...
    expect(analysis.objections.filter((o) => !o.handled).length).toBeGreaterThanOrEqual(2)
    // ... but a deal's warnings say each thing once.
    const unhandled = analysis.risk_warnings.filter((w) => w.code === 'unhandled_objection')
    expect(unhandled).toHaveLength(1)
    const messages = analysis.risk_warnings.map((w) => w.message)
    expect(new Set(messages).size).toBe(messages.length)
  })

  it('counts a contact who spoke on a call and wrote an e-mail as one buyer', () => {
    const buyerCount = (contacts: { name: string; email: string }[]) =>
      analyseDealSync(
        dealInput(
          [
            call('c1', [
              ['seller', 'How are the regional forecasts built today?'],
              ['buyer', 'By hand in spreadsheets, every Monday.'],
            ]),
            {
              id: 'm1',
              type: 'email',
              name: 'Re: forecasts',
              occurred_at: '2026-03-03T09:00:00Z',
              direction: 'inbound',
              from: 'bea.buyer@acme.test',
              body: 'Thanks, the spreadsheets take us most of Monday.',
            },
          ],
          { deal: { stage_history: [], contacts } },
        ),
      ).confidence.factors.find((f) => f.name === 'buyer_contacts')?.params
    expect(buyerCount([{ name: 'Bea Buyer', email: 'Bea.Buyer@acme.test' }])).toEqual({ count: 1 })
    expect(buyerCount([])).toEqual({ count: 2 })
  })

  it('stays in 0–100 and rates an active, multi-threaded deal higher', () => {
    const strong = analyseDealSync(
      dealInput(
        [
          {
            id: 'e1',
            type: 'transcript',
            name: 'Call',
            occurred_at: '2026-03-01T10:00:00Z',
            utterances: [
              {
                speaker: 'Sam',
                role: 'seller',
                text: 'Can we meet next Tuesday at ten to review the plan?',
              },
              { speaker: 'Ann', role: 'buyer', text: 'Yes, Tuesday at ten works for me.' },
              { speaker: 'Bob', role: 'buyer', text: 'That works for me too.' },
              { speaker: 'Cid', role: 'buyer', text: 'I will join as well.' },
            ],
          },
        ],
        { as_of: '2026-03-02T10:00:00Z' },
      ),
    )
    expect(strong.confidence.score).toBeGreaterThanOrEqual(0)
    expect(strong.confidence.score).toBeLessThanOrEqual(100)
    expect(strong.risk_warnings.map((w) => w.code)).not.toContain('single_threaded')
    expect(
      strong.confidence.factors.find((f) => f.name === 'buyer_contacts')?.effect,
    ).toBeGreaterThan(0)
  })
})
