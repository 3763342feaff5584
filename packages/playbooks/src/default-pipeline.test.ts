import { describe, expect, it } from 'vitest'
import { DEFAULT_PIPELINE } from './default-pipeline.js'

describe('default pipeline', () => {
  it('is "New Business" with the stages and action keys the eval files label', () => {
    expect(DEFAULT_PIPELINE.name).toBe('New Business')
    expect(
      DEFAULT_PIPELINE.stages.map((stage) => [stage.name, stage.actions.map((a) => a.key)]),
    ).toEqual([
      [
        'Discovery',
        [
          'identify_pain',
          'quantify_impact',
          'identify_decision_maker',
          'current_solution',
          'agree_next_steps',
        ],
      ],
      ['Demo', ['tailored_demo', 'confirm_budget', 'map_decision_process', 'identify_champion']],
      ['Proposal', ['send_proposal', 'mutual_action_plan', 'address_objections']],
      ['Negotiation', ['agree_terms', 'security_legal_review', 'confirm_signatory']],
    ])
  })

  it('has unique stage keys and names, and unique action keys and names', () => {
    const unique = (values: string[]) => new Set(values.map((v) => v.toLowerCase())).size
    const stages = DEFAULT_PIPELINE.stages
    expect(unique(stages.map((stage) => stage.key))).toBe(stages.length)
    expect(unique(stages.map((stage) => stage.name))).toBe(stages.length)
    const actions = stages.flatMap((stage) => stage.actions)
    expect(unique(actions.map((action) => action.key))).toBe(actions.length)
    expect(unique(actions.map((action) => action.name))).toBe(actions.length)
    for (const action of actions) {
      expect(action.key, action.name).toMatch(/^[a-z]+(_[a-z]+)*$/)
      // The engine matches conversations to the description: it has to say something.
      expect(action.description, action.key).toMatch(/^[A-Z].{40,}\.$/)
    }
  })
})
