import { describe, expect, it } from 'vitest'
import { analyseDealSync } from '../providers/builtin-provider.js'
import { call, dealInput } from '../test-support/deal-builders.js'
import { redateConfidence, type DatedConfidence } from './redate-confidence.js'

const DAY_MS = 86_400_000
const ANALYSED_AT = Date.parse('2026-03-04T10:00:00Z')

// A deal last heard from on 1 March, in its stage since 10 February, analysed on 4 March.
function analysedDeal(status: 'open' | 'won' = 'open'): DatedConfidence {
  const analysis = analyseDealSync(
    dealInput(
      [
        call(
          'e1',
          [
            ['seller', 'Shall we meet on Tuesday the tenth at ten to go through the rollout?'],
            ['buyer', 'Yes, Tuesday the tenth at ten works for us.'],
            ['buyer', 'I will bring our operations lead along.'],
          ],
          '2026-03-01T10:00:00Z',
        ),
      ],
      {
        as_of: new Date(ANALYSED_AT).toISOString(),
        deal: {
          stage_id: 'demo',
          stage_history: [
            { from_stage_id: 'discovery', to_stage_id: 'demo', at: '2026-02-10T00:00:00Z' },
          ],
          contacts: [],
          status,
          close_date: status === 'won' ? '2026-03-02' : null,
        },
      },
    ),
  )
  return {
    score: analysis.confidence.score,
    factors: analysis.confidence.factors,
    risks: analysis.risk_warnings,
  }
}

const daysLater = (days: number) => ANALYSED_AT + days * DAY_MS
const effectOf = (c: DatedConfidence, name: string) =>
  c.factors.find((f) => f.name === name)?.effect
const codes = (c: DatedConfidence) => c.risks.map((r) => r.code)

describe('redateConfidence', () => {
  const stored = analysedDeal()

  it('changes nothing while no factor crosses a step', () => {
    // 4 days since the call (+5 up to 7) and 23 in the stage (0 up to 30).
    expect(redateConfidence(stored, daysLater(1))).toBeNull()
  })

  it('lowers the score as the deal goes quiet, and warns of the silence', () => {
    const quiet = redateConfidence(stored, daysLater(20))
    expect(quiet).not.toBeNull()
    if (!quiet) return
    // 23 days since the call: +5 became -10; 42 days in the stage: 0 became -5.
    expect(effectOf(quiet, 'activity_recency')).toBe(-10)
    expect(effectOf(quiet, 'time_in_stage')).toBe(-5)
    expect(quiet.score).toBe(stored.score - 20)
    expect(quiet.factors.find((f) => f.name === 'activity_recency')?.params).toEqual({
      count: 23,
      since: '2026-03-01T10:00:00.000Z',
    })
    expect(quiet.risks[0]).toMatchObject({ code: 'no_activity', severity: 'medium' })
    // What the calls showed stays as analysed, in its place.
    expect(codes(quiet).slice(1)).toEqual(codes(stored))
    expect(quiet.factors.map((f) => f.name)).toEqual(stored.factors.map((f) => f.name))
  })

  it('warns of a stalled stage and a long silence later on', () => {
    const later = redateConfidence(stored, daysLater(50))
    expect(later?.risks.slice(0, 2)).toMatchObject([
      { code: 'no_activity', severity: 'high', params: { count: 53 } },
      { code: 'stalled_in_stage', params: { count: 72 } },
    ])
  })

  it('reads a redated confidence again without drifting', () => {
    const quiet = redateConfidence(stored, daysLater(20))
    if (!quiet) throw new Error('expected a change')
    expect(redateConfidence(quiet, daysLater(21))).toBeNull()
  })

  it('leaves a closed deal as it stood when it closed', () => {
    expect(redateConfidence(analysedDeal('won'), daysLater(90))).toBeNull()
  })
})
