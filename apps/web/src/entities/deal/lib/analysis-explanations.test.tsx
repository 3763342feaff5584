import type { DealActionResult } from '@dealcoach/contracts/analysis'
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SolutionFitScoring } from '@/entities/deal/api/solution-fit-api'
import { isolate } from '@/lib/bidi'
import { switchLanguage } from '@/test-support/switch-language'
import { useAnalysisExplanations } from './analysis-explanations'

const result = (fields: Partial<DealActionResult>): DealActionResult => ({
  action_id: 'a1',
  action: 'Identify the pain',
  stage_id: null,
  status: 'Completed',
  summary: 'The English summary.',
  status_description: 'The English status.',
  results: [],
  engagement_id: null,
  ...fields,
})

const scoring = (fields: Partial<SolutionFitScoring>): SolutionFitScoring => ({
  type: 'strategic_urgency',
  score: 2,
  justification: 'The English justification.',
  evidenceRefs: [],
  ...fields,
})

describe('useAnalysisExplanations', () => {
  const { result: hook } = renderHook(() => useAnalysisExplanations())
  const status = (code: DealActionResult['status_description_code'], params = {}) =>
    hook.current.statusDescription(
      result({ status_description_code: code, status_description_params: params }),
    )

  it('says where a status was confirmed with the plurals and the list its counts need', () => {
    const said = (sentences: number, calls: number, emails: number) =>
      status('confirmed', { sentences, calls, emails, conversations: 0 }).text
    expect(said(1, 1, 0)).toBe('Completed: confirmed in 1 sentence on 1 call.')
    expect(said(1, 0, 1)).toBe('Completed: confirmed in 1 sentence in 1 e-mail.')
    expect(said(3, 2, 1)).toBe('Completed: confirmed in 3 sentences across 2 calls and 1 e-mail.')
    expect(status('raised', { sentences: 2, calls: 0, emails: 0, conversations: 2 }).text).toBe(
      'In progress: raised in 2 sentences across 2 conversations, not yet concluded.',
    )
  })

  it('quotes what the buyer or seller said in its own direction, in a sentence in the page’s', () => {
    const promised = status('promised', { quote: 'I will send it Friday.' })
    expect(promised).toEqual({
      text: `Pending: promised (“${isolate('I will send it Friday.')}”), not yet confirmed as done.`,
      dir: undefined,
    })
    const summary = hook.current.summary(
      result({
        summary_code: 'sentences_about',
        summary_params: { count: 1, action: 'Identify the pain', quote: 'It hurts.' },
      }),
    )
    expect(summary.text).toBe(
      `1 sentence about “${isolate('Identify the pain')}”; strongest: “${isolate('It hurts.')}”`,
    )
  })

  it('lists the open objections’ types in the reader’s language, not with the engine’s ", "', async () => {
    expect(status('objections_open', { count: 3, types: 'Price, Timing, Authority' }).text).toBe(
      `Open: ${isolate('Price')}, ${isolate('Timing')}, and ${isolate('Authority')}.`,
    )
    // Stored before the engine named each type once, one per open objection: named once here.
    expect(status('objections_open', { count: 2, types: 'Price, Price' }).text).toBe(
      `Open: ${isolate('Price')}.`,
    )
    // Each type once, `type_count` of them, however many objections are open.
    expect(
      status('objections_open', { count: 3, types: 'Price, Timing', type_count: 2 }).text,
    ).toBe(`Open: ${isolate('Price')} and ${isolate('Timing')}.`)
    expect(
      status('objections_open', { count: 3, types: 'Price, budget', type_count: 1 }).text,
    ).toBe(`Open: ${isolate('Price, budget')}.`)
    // A name holding ", " does not split into `count` names: the engine's list stays whole.
    expect(status('objections_open', { count: 1, types: 'Price, budget' }).text).toBe(
      `Open: ${isolate('Price, budget')}.`,
    )
    await switchLanguage('de')
    try {
      const { result: german } = renderHook(() => useAnalysisExplanations())
      const open = german.current.statusDescription(
        result({
          status_description_code: 'objections_open',
          status_description_params: { count: 2, types: 'Price, Timing' },
        }),
      )
      expect(open.text).toBe(`Offen: ${isolate('Price')} und ${isolate('Timing')}.`)
    } finally {
      await switchLanguage('en')
    }
  })

  it('keeps the English of a result stored before the codes, laid out by its own direction', () => {
    const stored = result({})
    expect(hook.current.summary(stored)).toEqual({ text: 'The English summary.', dir: 'auto' })
    expect(hook.current.statusDescription(stored)).toEqual({
      text: 'The English status.',
      dir: 'auto',
    })
    expect(hook.current.justification(scoring({}))).toEqual({
      text: 'The English justification.',
      dir: 'auto',
    })
  })

  it('says a justification from its criterion, score and code', () => {
    const said = (fields: Partial<SolutionFitScoring>) =>
      hook.current.justification(scoring(fields)).text
    expect(said({ justificationCode: 'score' })).toBe(
      'The buyer states urgency, without a firm date.',
    )
    expect(said({ justificationCode: 'score_defers' })).toBe(
      'The buyer states urgency, without a firm date. The buyer also puts the purchase off.',
    )
    expect(said({ score: 0, justificationCode: 'buyer_defers' })).toBe(
      'The buyer defers the purchase.',
    )
    expect(said({ type: 'another', justificationCode: 'score' })).toBe('The English justification.')
  })
})
