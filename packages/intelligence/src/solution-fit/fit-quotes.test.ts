import type { AnalysisInput, SolutionFitCriterion } from '@dealcoach/contracts/intelligence'
import { describe, expect, it } from 'vitest'
import { committedModel } from '../model/objection-model.js'
import { analyseDealSync, analyseDealWithModel } from '../providers/builtin-provider.js'
import { call, dealInput } from '../test-support/deal-builders.js'
import { fitJustification } from './fit-justification.js'

// A discovery call that opens with small talk holding numbers, weekdays and pleasantries, as
// real calls do, before the buyer states and quantifies the problem.
const discovery: AnalysisInput = dealInput([
  call('e1', [
    ['seller', 'Hi Bea, thanks for making the time today. How has the quarter been going?'],
    ['buyer', 'Busy, honestly.'],
    ['buyer', 'Happy to be here. It has been a hectic few days, to be honest.'],
    ['seller', 'Are you still working from the Denver office these days?'],
    ['buyer', 'Mostly, yes. Three days a week in the office, the rest from home.'],
    ['seller', 'Where does payroll break down most often?'],
    ['buyer', 'Payroll is a manual spreadsheet and the errors are constant.'],
    ['buyer', 'We pay about $4,800 a year in late-filing penalties because of it.'],
    ['buyer', 'It takes our team twenty hours every pay period.'],
    ['seller', 'That is a lot of time.'],
    ['buyer', 'That is exactly what we need, the tax filing is where we struggle.'],
    ['seller', 'Can we meet again next Tuesday with your CFO to review a proposal?'],
    ['buyer', 'Sure, the Monday is fine.'],
    ['buyer', 'No problem at all, I blocked the full hour for this.'],
    ['seller', 'Shall we look at the time-clock integration next?'],
    ['buyer', 'Fine, but the board meets in the autumn.'],
    ['buyer', 'Sure, but the price is still a problem for us.'],
  ]),
])

const SMALL_TALK = [
  'Busy, honestly.',
  'Happy to be here.',
  'It has been a hectic few days, to be honest.',
  'Three days a week in the office, the rest from home.',
  'Sure, the Monday is fine.',
  'No problem at all, I blocked the full hour for this.',
  'Fine, but the board meets in the autumn.',
]
// An objection to the offer, not the buyer's business problem.
const PRICE_OBJECTION = 'Sure, but the price is still a problem for us.'

function quotes(input: AnalysisInput, criterion: SolutionFitCriterion): string[] {
  const scoring = analyseDealSync(input).solution_fit.scoring.find((s) => s.type === criterion)
  return scoring?.evidenceRefs.map((r) => r.text) ?? []
}

describe('solution-fit quotes', () => {
  it('quotes a quantified impact, not a pleasantry or a schedule that holds a number', () => {
    const impact = quotes(discovery, 'quantifiable_business_impact')
    expect(impact).toContain('We pay about $4,800 a year in late-filing penalties because of it.')
    expect(impact).toContain('It takes our team twenty hours every pay period.')
    for (const text of SMALL_TALK) expect(impact).not.toContain(text)
  })

  it('quotes problem statements for the pain, not "fine" or "no problem" as in okay', () => {
    const pain = quotes(discovery, 'problem_pain_identification')
    expect(pain[0]).toBe('Payroll is a manual spreadsheet and the errors are constant.')
    for (const text of SMALL_TALK) expect(pain).not.toContain(text)
    expect(pain).not.toContain(PRICE_OBJECTION)
  })

  it('quotes for alignment only sentences in the value propositions’ own words', () => {
    const alignment = quotes(discovery, 'value_proposition_alignment')
    expect(alignment[0]).toBe('That is exactly what we need, the tax filing is where we struggle.')
    for (const text of SMALL_TALK) expect(alignment).not.toContain(text)
  })

  it('quotes nothing rather than small talk where no sentence carries the signal', () => {
    const chat = dealInput([
      call('e1', [
        ['seller', 'Are you still working from the Denver office these days?'],
        ['buyer', 'Mostly, yes. Three days a week in the office, the rest from home.'],
        ['buyer', 'We went hiking for a few days, which was lovely.'],
      ]),
    ])
    expect(quotes(chat, 'quantifiable_business_impact')).toEqual([])
    expect(quotes(chat, 'strategic_urgency')).toEqual([])
  })
})

const CRITERIA: SolutionFitCriterion[] = [
  'problem_pain_identification',
  'quantifiable_business_impact',
  'value_proposition_alignment',
  'strategic_urgency',
]
const INTERNALS = /model|rules?:|trained|scored \d|evidence counts/i

describe('solution-fit justifications', () => {
  it('never mention how the score was computed', () => {
    for (const criterion of CRITERIA) {
      for (const score of [0, 1, 2, 3]) {
        for (const facts of [{}, { doubts: 2 }, { deferrals: 1 }, { noProduct: true }]) {
          expect(fitJustification(criterion, { score, ...facts }).text).not.toMatch(INTERNALS)
        }
      }
    }
  })

  it('describe a 3 of 3 as a 3, whatever reservation the rules weighed', () => {
    const top = fitJustification('problem_pain_identification', { score: 3 })
    expect(top).toEqual({
      code: 'score',
      params: {},
      text: 'The buyer describes the problem clearly and specifically.',
    })
    expect(fitJustification('problem_pain_identification', { score: 3, doubts: 1 })).toEqual(top)
    expect(top.text).not.toMatch(/without much detail|hinted|doubt/)
    expect(fitJustification('strategic_urgency', { score: 3, deferrals: 1 }).text).toBe(
      'The buyer names a dated deadline or event.',
    )
  })

  it('give the code the app says the justification by in the reader’s language', () => {
    const urgency = (score: number, deferrals: number) =>
      fitJustification('strategic_urgency', { score, deferrals })
    expect(urgency(0, 1)).toMatchObject({ code: 'buyer_defers' })
    expect(urgency(2, 1)).toEqual({
      code: 'score_defers',
      params: {},
      text: 'The buyer states urgency, without a firm date. The buyer also puts the purchase off.',
    })
    expect(fitJustification('problem_pain_identification', { score: 1, doubts: 2 }).code).toBe(
      'score_doubts',
    )
    expect(fitJustification('problem_pain_identification', { score: 0, doubts: 2 }).code).toBe(
      'buyer_doubts',
    )
    expect(
      fitJustification('value_proposition_alignment', { score: 0, noProduct: true }).code,
    ).toBe('no_product')
  })

  it('write the text for the trained scorer’s score where it moved the rules’ one', () => {
    // The rules score the pain 2 here ("without much detail") and the buyer doubts; a scorer
    // sure of a 3 must not leave the lower score's wording behind.
    const sure = { bias: 5, weights: {} }
    const model = {
      ...committedModel(),
      solutionFit: { problem_pain_identification: [sure, sure, sure] },
    }
    const input = dealInput([
      call('e1', [
        ['buyer', 'Payroll is a manual process and errors keep happening.'],
        ['buyer', 'We got penalties last year.'],
        ['buyer', 'I am not sure we need a new tool for it though.'],
      ]),
    ])
    const pain = analyseDealWithModel(input, model).solution_fit.scoring.find(
      (s) => s.type === 'problem_pain_identification',
    )
    expect(pain?.score).toBe(3)
    expect(pain?.justification).toBe('The buyer describes the problem clearly and specifically.')
    expect(pain?.justification_code).toBe('score')
    const all = analyseDealSync(discovery).solution_fit.scoring.map((s) => s.justification)
    for (const text of all) expect(text).not.toMatch(INTERNALS)
  })
})

// A model whose every rung is sure: each criterion with any evidence scores 3 unless its
// quotes hold it back, so these tests read what the quotes allow.
const SURE = { bias: 5, weights: {} }
const sureModel = () => ({
  ...committedModel(),
  solutionFit: Object.fromEntries(CRITERIA.map((c) => [c, [SURE, SURE, SURE]])),
})
function scored(input: AnalysisInput, criterion: SolutionFitCriterion) {
  return analyseDealWithModel(input, sureModel()).solution_fit.scoring.find(
    (s) => s.type === criterion,
  )
}

describe('solution-fit evidence from the buyer', () => {
  it('quotes the buyer’s urgency, not the seller’s, where the buyer gave some', () => {
    const urgency = scored(
      dealInput([
        call('e1', [
          ['seller', 'The deadline in June leaves little room, so we should start soon.'],
          ['buyer', 'Payroll errors are constant and the filing is always late.'],
          ['buyer', 'We need this live before the end of June at the latest.'],
        ]),
      ]),
      'strategic_urgency',
    )
    expect(urgency?.evidenceRefs.map((r) => r.role)).toEqual(['buyer'])
  })

  it('does not quote our price against this year’s budget as urgency', () => {
    const urgency = scored(
      dealInput([
        call('e1', [
          ['buyer', 'Payroll errors are constant and the filing is always late.'],
          ['buyer', 'The price is more than we can spend this year, honestly.'],
        ]),
      ]),
      'strategic_urgency',
    )
    expect(urgency?.evidenceRefs.map((r) => r.text)).not.toContain(
      'The price is more than we can spend this year, honestly.',
    )
  })

  it('quotes the business problem for the pain before a pain voiced as an objection', () => {
    const pain = scored(
      dealInput([
        call('e1', [
          [
            'buyer',
            'We can not take on a rollout now, our small team is overwhelmed and struggling already.',
          ],
          ['buyer', 'Invoices go out late every month.'],
        ]),
      ]),
      'problem_pain_identification',
    )
    expect(pain?.evidenceRefs[0]?.text).toBe('Invoices go out late every month.')
  })

  it('quotes a buyer’s bare figures for the impact after those tied to a cost', () => {
    const impact = scored(
      dealInput([
        call('e1', [
          ['buyer', 'It comes to about nine hours every week for our planners.'],
          ['buyer', 'We pay about $4,800 a year in late-filing penalties because of it.'],
        ]),
      ]),
      'quantifiable_business_impact',
    )
    expect(impact?.evidenceRefs.map((r) => r.text)).toEqual([
      'We pay about $4,800 a year in late-filing penalties because of it.',
      'It comes to about nine hours every week for our planners.',
    ])
  })
})
