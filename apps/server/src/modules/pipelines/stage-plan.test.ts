import { describe, expect, it } from 'vitest'
import {
  type ExistingStage,
  planDealMoves,
  planRemoteStageIds,
  planStages,
  stagesStillHoldingDeals,
} from './stage-plan.js'

const stage = (id: string, name: string, position: number, remoteStageId: string | null = null) =>
  ({ id, name, position, remoteStageId }) satisfies ExistingStage

const A = stage('a', 'Discovery', 0)
const B = stage('b', 'Demo', 1, 'crm-b')
const C = stage('c', 'Proposal', 2)

describe('planStages', () => {
  it('refuses two stages with the same name, trimmed and in any case', () => {
    const plan = planStages(
      [A, B],
      [
        { stage_id: 'a', name: 'Discovery' },
        { stage_id: 'b', name: 'Demo' },
        { name: ' discovery ' },
      ],
      'stages',
    )
    expect(plan.problems).toEqual([
      {
        field: 'stages.2.name',
        message: 'is the name of another stage',
        code: 'stage_name_repeated',
      },
    ])
  })

  it('renames, reorders, adds and removes in one list', () => {
    const plan = planStages(
      [A, B, C],
      [
        { stage_id: 'c', name: 'Proposal' },
        { name: 'Qualify' },
        { stage_id: 'a', name: 'Discovery call' },
      ],
      '',
    )
    expect(plan.problems).toEqual([])
    expect(plan.updates).toEqual([
      { id: 'c', name: 'Proposal', position: 0 },
      { id: 'a', name: 'Discovery call', position: 2 },
    ])
    expect(plan.inserts).toEqual([{ name: 'Qualify', position: 1 }])
    expect(plan.removed).toEqual([B])
    expect([...plan.keptIds]).toEqual(['c', 'a'])
  })

  it('leaves unchanged stages alone', () => {
    const plan = planStages(
      [A, B],
      [
        { stage_id: 'a', name: 'Discovery' },
        { stage_id: 'b', name: 'Demo' },
      ],
      '',
    )
    expect(plan).toMatchObject({ problems: [], updates: [], inserts: [], removed: [] })
  })

  it('names the entry of an unknown or repeated stage id', () => {
    const plan = planStages(
      [A, B],
      [
        { stage_id: 'a', name: 'One' },
        { stage_id: 'elsewhere', name: 'Two' },
        { stage_id: 'a', name: 'Three' },
      ],
      'stages',
    )
    expect(plan.problems).toEqual([
      { field: 'stages.1.stage_id', message: 'is not a stage of this pipeline' },
      { field: 'stages.2.stage_id', message: 'is listed twice' },
    ])
  })
})

describe('planDealMoves and stagesStillHoldingDeals', () => {
  const plan = planStages([A, B, C], [{ stage_id: 'a', name: 'Discovery' }, { name: 'New' }], '')

  it('accepts removed stages moved to kept ones', () => {
    const moves = planDealMoves(plan, { b: 'a' }, 'move_deals_to')
    expect(moves.problems).toEqual([])
    expect([...moves.moves]).toEqual([['b', 'a']])
    const counts = new Map([
      ['b', 3],
      ['c', 1],
    ])
    expect(stagesStillHoldingDeals(plan.removed, moves.moves, counts)).toEqual([
      { stage: C, deals: 1 },
    ])
  })

  it('refuses a kept or unknown source and a removed or unknown target', () => {
    const moves = planDealMoves(plan, { a: 'a', x: 'a', b: 'c', c: 'nowhere' }, 'move_deals_to')
    expect(moves.moves.size).toBe(0)
    expect(moves.problems.map((problem) => problem.field)).toEqual([
      'move_deals_to.a',
      'move_deals_to.x',
      'move_deals_to.b',
      'move_deals_to.c',
    ])
  })

  it('lets empty removed stages go without a target', () => {
    expect(stagesStillHoldingDeals(plan.removed, new Map(), new Map())).toEqual([])
  })
})

describe('planRemoteStageIds', () => {
  it('changes only the listed stages, and only when their id changes', () => {
    const plan = planRemoteStageIds(
      [A, B, C],
      [
        { stage_id: 'a', remote_stage_id: 'crm-a' },
        { stage_id: 'b', remote_stage_id: 'crm-b' },
      ],
      '',
    )
    expect(plan).toEqual({ problems: [], updates: [{ id: 'a', remoteStageId: 'crm-a' }] })
  })

  it('frees an id in the same request that hands it to another stage', () => {
    const plan = planRemoteStageIds(
      [A, B],
      [
        { stage_id: 'b', remote_stage_id: null },
        { stage_id: 'a', remote_stage_id: 'crm-b' },
      ],
      '',
    )
    expect(plan.problems).toEqual([])
    expect(plan.updates).toEqual([
      { id: 'a', remoteStageId: 'crm-b' },
      { id: 'b', remoteStageId: null },
    ])
  })

  it('refuses an id another stage keeps, unknown stages and repeated stages', () => {
    const plan = planRemoteStageIds(
      [A, B, C],
      [
        { stage_id: 'a', remote_stage_id: 'crm-b' },
        { stage_id: 'zzz', remote_stage_id: 'crm-z' },
        { stage_id: 'a', remote_stage_id: 'crm-a' },
      ],
      '',
    )
    expect(plan.problems).toEqual([
      { field: '1.stage_id', message: 'is not a stage of this pipeline' },
      { field: '2.stage_id', message: 'is listed twice' },
      {
        field: '0.remote_stage_id',
        message: 'is also the CRM id of stage "Demo"',
        code: 'remote_stage_id_taken',
      },
    ])
  })
})
