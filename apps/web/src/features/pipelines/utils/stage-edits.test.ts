import { describe, expect, it } from 'vitest'
import { ACTION, pipelineFixture, STAGE } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { isOptimisticId } from './optimistic-id'
import {
  addStage,
  moveStage,
  removeStage,
  renameStage,
  stageInputs,
  withStages,
} from './stage-edits'

const { stages } = pipelineFixture()

describe('stage edits build the PUT /stages list', () => {
  it('sends every stage as {stage_id, name}, in order', () => {
    expect(stageInputs(stages)).toEqual([
      { stage_id: STAGE.discovery, name: 'Discovery' },
      { stage_id: STAGE.demo, name: 'Demo' },
      { stage_id: STAGE.proposal, name: 'Proposal' },
    ])
  })

  it('add appends {name}, trimmed', () => {
    expect(addStage(stages, '  Negotiation ').at(-1)).toEqual({ name: 'Negotiation' })
    expect(addStage(stages, 'Negotiation')).toHaveLength(4)
  })

  it('rename changes one name and keeps the order', () => {
    expect(renameStage(stages, STAGE.demo, ' Live demo ')).toEqual([
      { stage_id: STAGE.discovery, name: 'Discovery' },
      { stage_id: STAGE.demo, name: 'Live demo' },
      { stage_id: STAGE.proposal, name: 'Proposal' },
    ])
  })

  it('move puts the stage at the new index', () => {
    expect(moveStage(stages, STAGE.proposal, 0).map((stage) => stage.stage_id)).toEqual([
      STAGE.proposal,
      STAGE.discovery,
      STAGE.demo,
    ])
    expect(moveStage(stages, STAGE.discovery, 1).map((stage) => stage.stage_id)).toEqual([
      STAGE.demo,
      STAGE.discovery,
      STAGE.proposal,
    ])
  })

  it('remove filters the stage out', () => {
    expect(removeStage(stages, STAGE.demo).map((stage) => stage.stage_id)).toEqual([
      STAGE.discovery,
      STAGE.proposal,
    ])
  })
})

describe('withStages', () => {
  it('shows the new order, new stages with stand-in ids, and drops the removed stage’s actions', () => {
    const pipeline = pipelineFixture()
    const next = withStages(pipeline, [
      { stage_id: STAGE.proposal, name: 'Proposal' },
      { stage_id: STAGE.discovery, name: 'Discovery' },
      { name: 'Negotiation' },
    ])
    expect(next.stages.map((stage) => [stage.name, stage.position])).toEqual([
      ['Proposal', 0],
      ['Discovery', 1],
      ['Negotiation', 2],
    ])
    expect(isOptimisticId(next.stages[2]?.stage_id ?? '')).toBe(true)
    // Demo was removed, and its action with it.
    expect(next.actions.map((action) => action.action_id)).toEqual([
      ACTION.pain,
      ACTION.budget,
      ACTION.champion,
    ])
  })
})
