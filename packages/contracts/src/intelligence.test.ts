import { describe, expect, it } from 'vitest'
import { analysisInputSchema, solutionFitScoringSchema } from './intelligence.js'

describe('intelligence contracts', () => {
  it('fills defaults for optional configuration fields', () => {
    const input = analysisInputSchema.parse({
      product: { name: 'P' },
      objection_types: [{ id: 't', name: 'Price' }],
      pipeline: { stages: [], actions: [{ id: 'a', name: 'Do it' }] },
      engagements: [{ id: 'e1', type: 'email', name: 'Re', body: 'hi', direction: 'inbound' }],
    })
    expect(input.objection_types[0]).toEqual({
      id: 't',
      name: 'Price',
      description: '',
      examples: [],
      active: true,
    })
    expect(input.deal).toEqual({ stage_history: [], contacts: [] })
    expect(input.product.value_propositions).toEqual([])
  })

  it('bounds a criterion score to 0–3', () => {
    const entry = { type: 'strategic_urgency', score: 4, justification: '', evidenceRefs: [] }
    expect(solutionFitScoringSchema.safeParse(entry).success).toBe(false)
    expect(solutionFitScoringSchema.safeParse({ ...entry, score: 3 }).success).toBe(true)
  })

  it('rejects an unknown speaker role', () => {
    const result = analysisInputSchema.safeParse({
      product: { name: 'P' },
      objection_types: [],
      pipeline: { stages: [], actions: [] },
      engagements: [
        {
          id: 'e',
          type: 'transcript',
          name: 'c',
          utterances: [{ speaker: 'x', role: 'boss', text: 'hi' }],
        },
      ],
    })
    expect(result.success).toBe(false)
  })
})
