import { describe, expect, it } from 'vitest'
import { committedModel } from '../model/objection-model.js'
import { analyseDealSync, analyseDealWithModel } from '../providers/builtin-provider.js'
import { call, dealInput } from '../test-support/deal-builders.js'

describe('scoreSolutionFit', () => {
  it('scores rich buyer evidence high and cites it', () => {
    const fit = analyseDealSync(
      dealInput([
        call('e1', [
          ['seller', 'What is the problem today?'],
          ['buyer', 'Payroll is a manual spreadsheet and errors are constant.'],
          ['buyer', 'We got penalties of $4,800 last year because we filed late.'],
          ['buyer', 'It takes twenty hours every pay period, which is a real problem.'],
          [
            'buyer',
            'The state tax filing is exactly what we struggle with, and the time-clock integration would help.',
          ],
          ['buyer', 'We open the Boise location on July 1, so we need it before that deadline.'],
          ['buyer', 'The board wants it done by June 30 at the latest.'],
        ]),
      ]),
    ).solution_fit
    const scores = Object.fromEntries(fit.scoring.map((s) => [s.type, s.score]))
    expect(scores.problem_pain_identification).toBeGreaterThanOrEqual(2)
    expect(scores.quantifiable_business_impact).toBeGreaterThanOrEqual(2)
    expect(scores.strategic_urgency).toBe(3)
    expect(fit.tier).toBeLessThanOrEqual(2)
    const urgency = fit.scoring.find((s) => s.type === 'strategic_urgency')
    expect(urgency?.evidenceRefs[0]).toMatchObject({
      role: 'buyer',
      speaker: 'Bea Buyer',
      new: true,
      engagement: { id: 'e1', type: 'transcript' },
    })
  })

  it('leaves the fit unassessed, with no scoring, when the buyer said nothing to score', () => {
    const fit = analyseDealSync(
      dealInput([
        call('e1', [
          ['seller', 'Hello, nice to meet you.'],
          ['buyer', 'Hi.'],
        ]),
      ]),
    ).solution_fit
    expect(fit).toEqual({ tier: 4, total: 0, scoring: [] })
  })

  it('leaves a deal of a note and a meeting without buyer words unassessed', () => {
    const analysis = analyseDealSync(
      dealInput([
        {
          id: 'n1',
          type: 'note',
          name: 'Note',
          occurred_at: '2026-03-01T09:00:00Z',
          body: 'Met the operations lead at the trade fair; they run payroll for four states and the deadline is in June.',
        },
        { id: 'm1', type: 'meeting', name: 'Intro meeting', occurred_at: '2026-03-02T09:00:00Z' },
      ]),
    )
    expect(analysis.solution_fit.scoring).toEqual([])
    expect(analysis.confidence.factors.map((f) => f.name)).not.toContain('solution_fit')
  })

  it('cites a sentence for every criterion it scores above 0', () => {
    const fit = analyseDealSync(
      dealInput([
        {
          id: 'm1',
          type: 'email',
          name: 'Re: offer',
          direction: 'inbound',
          occurred_at: '2026-03-01T09:00:00Z',
          body: 'Thanks for the offer. The total is more than we set aside for tools, can you lower it?',
        },
      ]),
    ).solution_fit
    for (const criterion of fit.scoring) {
      if (criterion.score > 0) expect(criterion.evidenceRefs.length).toBeGreaterThan(0)
    }
  })

  // A buyer's timeline in words the urgency cues do not know: the rules find nothing.
  const timelineOnly = dealInput([
    call('e1', [
      ['seller', 'When do the new hires join?'],
      ['buyer', 'The new hires join us on March 3.'],
      ['buyer', 'Training them takes six weeks.'],
    ]),
  ])
  const urgencyOf = (model: ReturnType<typeof committedModel>) =>
    analyseDealWithModel(timelineOnly, model).solution_fit.scoring.find(
      (s) => s.type === 'strategic_urgency',
    )

  it('lets the trained scorer weigh a buyer timeline the cues miss, citing the buyer', () => {
    const sure = { bias: 5, weights: {} }
    const model = {
      ...committedModel(),
      solutionFit: { strategic_urgency: [sure, sure, sure] },
    }
    const urgency = urgencyOf(model)
    expect(urgency?.score).toBe(3)
    expect(urgency?.evidenceRefs.map((r) => r.text)).toEqual([
      'The new hires join us on March 3.',
      'Training them takes six weeks.',
    ])
  })

  it('keeps the rules’ 0 for such a timeline when no scorer is trained for urgency', () => {
    const urgency = urgencyOf({ ...committedModel(), solutionFit: {} })
    expect(urgency?.score).toBe(0)
    expect(urgency?.evidenceRefs).toEqual([])
  })

  it('reads neither a head count nor the verb "may" as the date of a deadline', () => {
    const urgency = analyseDealWithModel(
      dealInput([
        call('e1', [
          ['buyer', 'The audit team has 12 people and they are urgent about this.'],
          ['buyer', 'We may need it before the board meets.'],
        ]),
      ]),
      { ...committedModel(), solutionFit: {} },
    ).solution_fit.scoring.find((s) => s.type === 'strategic_urgency')
    expect(urgency?.score).toBe(2)
    expect(urgency?.justification).not.toMatch(/dated/)
  })
})
