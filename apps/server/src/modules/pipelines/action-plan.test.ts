import { describe, expect, it } from 'vitest'
import { type ExistingAction, planActions, planStageActions } from './action-plan.js'

const action = (id: string, stageId: string | null, position: number, description = '') =>
  ({ id, stageId, name: id.toUpperCase(), description, position }) satisfies ExistingAction

// In the pipeline's order: stage s1, then s2, then unstaged.
const existing = [
  action('a', 's1', 0, 'keep me'),
  action('b', 's1', 1),
  action('c', 's2', 0),
  action('u', null, 0),
]
const stageIds = new Set(['s1', 's2'])

describe('planActions', () => {
  it('refuses two actions of the pipeline with the same name, even in different stages', () => {
    const plan = planActions(
      existing,
      stageIds,
      [
        { action_id: 'a', stage_id: 's1', name: 'Send recap' },
        { stage_id: 's2', name: 'SEND RECAP' },
      ],
      '',
    )
    expect(plan.problems).toEqual([
      { field: '1.name', message: 'is the name of another action', code: 'action_name_repeated' },
    ])
  })

  it('merges listed actions, adds new ones, deletes the rest, positions within each stage', () => {
    const plan = planActions(
      existing,
      stageIds,
      [
        { action_id: 'c', stage_id: 's1', name: 'C' },
        { stage_id: 's2', name: 'New', description: 'Why' },
        { action_id: 'a', stage_id: 's1', name: 'Renamed' },
        { stage_id: null, name: 'Loose' },
      ],
      '',
    )
    expect(plan.problems).toEqual([])
    expect(plan.updates).toEqual([
      { id: 'c', stageId: 's1', name: 'C', description: '', position: 0 },
      // An absent description keeps the current one.
      { id: 'a', stageId: 's1', name: 'Renamed', description: 'keep me', position: 1 },
    ])
    expect(plan.inserts).toEqual([
      { stageId: 's2', name: 'New', description: 'Why', position: 0 },
      { stageId: null, name: 'Loose', description: '', position: 0 },
    ])
    expect(plan.deletes).toEqual(['b', 'u'])
  })

  it('skips actions that do not change', () => {
    const plan = planActions(
      existing,
      stageIds,
      existing.map((a) => ({ action_id: a.id, stage_id: a.stageId, name: a.name })),
      '',
    )
    expect(plan).toEqual({ problems: [], updates: [], inserts: [], deletes: [] })
  })

  it('names unknown stages, unknown actions and repeated actions', () => {
    const plan = planActions(
      existing,
      stageIds,
      [
        { action_id: 'a', stage_id: 'elsewhere', name: 'A' },
        { action_id: 'zzz', stage_id: null, name: 'Z' },
        { action_id: 'a', stage_id: 's1', name: 'A' },
      ],
      '',
    )
    expect(plan.problems).toEqual([
      { field: '0.stage_id', message: 'is not a stage of this pipeline' },
      { field: '1.action_id', message: 'is not an action of this pipeline' },
      { field: '2.action_id', message: 'is listed twice' },
    ])
  })
})

describe('planStageActions', () => {
  it('moves listed actions in order and leaves the others without a stage', () => {
    const plan = planStageActions(
      existing,
      stageIds,
      [
        { stage_id: 's2', action_ids: ['b', 'c'] },
        { stage_id: 's1', action_ids: [] },
      ],
      '',
    )
    expect(plan.problems).toEqual([])
    // 'u' stays first among the unstaged; 'a' follows it.
    expect(plan.moves).toEqual([
      { id: 'a', stageId: null, position: 1 },
      { id: 'b', stageId: 's2', position: 0 },
      { id: 'c', stageId: 's2', position: 1 },
    ])
  })

  it('names unknown and repeated stages and actions', () => {
    const plan = planStageActions(
      existing,
      stageIds,
      [
        { stage_id: 's1', action_ids: ['a', 'nope'] },
        { stage_id: 's1', action_ids: ['a'] },
        { stage_id: 'other', action_ids: [] },
      ],
      '',
    )
    expect(plan.problems).toEqual([
      { field: '0.action_ids.1', message: 'is not an action of this pipeline' },
      { field: '1.stage_id', message: 'is listed twice' },
      { field: '1.action_ids.0', message: 'is listed twice' },
      { field: '2.stage_id', message: 'is not a stage of this pipeline' },
    ])
  })
})
