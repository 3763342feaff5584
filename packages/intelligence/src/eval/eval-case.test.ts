import { describe, expect, it } from 'vitest'
import { EvalDataError, parseEvalCases } from './eval-case.js'
import { runEval } from './run-eval.js'
import { metricsOf } from './eval-metrics.js'

const line = JSON.stringify({
  id: 'c1',
  product: { name: 'P', value_propositions: ['Automatic tax filing'] },
  engagements: [
    {
      id: 'e1',
      type: 'transcript',
      name: 'Call',
      utterances: [
        { speaker: 'S', role: 'seller', text: 'It is 900 a month.' },
        { speaker: 'B', role: 'buyer', text: 'That is way too expensive for us.' },
      ],
    },
  ],
  labels: { objections: [{ engagement: 'e1', utterance: 1, type: 'price_budget' }] },
})

describe('eval cases', () => {
  it('reads JSON Lines, skipping blank lines', () => {
    const cases = parseEvalCases(`${line}\n\n${line}\n`, 'f.jsonl')
    expect(cases).toHaveLength(2)
    expect(cases[0]?.engagements[0]?.utterances?.[1]?.role).toBe('buyer')
  })

  it('names the file and line of a broken case', () => {
    expect(() => parseEvalCases(`${line}\n{"id": 3}\n`, 'f.jsonl')).toThrow(EvalDataError)
    expect(() => parseEvalCases(`${line}\nnot json\n`, 'f.jsonl')).toThrow(
      /^f\.jsonl:2: invalid JSON/,
    )
  })

  it('scores only the label families present; others are null', () => {
    const metrics = metricsOf(runEval(parseEvalCases(line, 'f.jsonl')))
    expect(metrics.cases).toBe(1)
    expect(metrics.objections).toMatchObject({
      precision: 1,
      recall: 1,
      f1: 1,
      type_accuracy: 1,
      handled_accuracy: null,
    })
    expect(metrics.actions).toEqual({ status_accuracy: null, completed_f1: null })
    expect(metrics.solution_fit).toEqual({ mae: null, tier_exact: null })
  })
})
