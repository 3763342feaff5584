import { describe, expect, it } from 'vitest'
import { ACTION, pipelineFixture, STAGE } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import {
  actionInputs,
  actionsOfStage,
  addAction,
  moveAction,
  orderActions,
  removeAction,
  updateAction,
  withActions,
} from './action-edits'
import { isOptimisticId } from './optimistic-id'

const pipeline = pipelineFixture()
const { actions } = pipeline
const ids = (list: { action_id?: string }[]) => list.map((action) => action.action_id)

describe('action edits build the full PUT /actions list', () => {
  it('sends every action with its id, stage, name and description', () => {
    expect(actionInputs(actions)[0]).toEqual({
      action_id: ACTION.pain,
      stage_id: STAGE.discovery,
      name: 'Find the pain',
      description: 'Why Find the pain',
    })
  })

  it('add appends a trimmed action without an id', () => {
    const next = addAction(actions, {
      stage_id: STAGE.demo,
      name: ' Agree next steps ',
      description: ' Dates in the diary ',
    })
    expect(next).toHaveLength(5)
    expect(next.at(-1)).toEqual({
      stage_id: STAGE.demo,
      name: 'Agree next steps',
      description: 'Dates in the diary',
    })
  })

  it('update merges by action_id in place', () => {
    const next = updateAction(actions, ACTION.budget, {
      stage_id: STAGE.discovery,
      name: 'Confirm the budget',
      description: 'Who signs',
    })
    expect(ids(next)).toEqual(ids(actions))
    expect(next[1]).toEqual({
      action_id: ACTION.budget,
      stage_id: STAGE.discovery,
      name: 'Confirm the budget',
      description: 'Who signs',
    })
  })

  it('update to another stage puts the action last there', () => {
    const next = updateAction(actions, ACTION.pain, {
      stage_id: STAGE.demo,
      name: 'Find the pain',
      description: '',
    })
    expect(ids(next)).toEqual([ACTION.budget, ACTION.champion, ACTION.tailor, ACTION.pain])
  })

  it('remove leaves the action out, so the server deletes it', () => {
    expect(ids(removeAction(actions, ACTION.budget))).toEqual([
      ACTION.pain,
      ACTION.champion,
      ACTION.tailor,
    ])
  })

  it('move swaps with the neighbour of the same stage and stops at the ends', () => {
    expect(ids(moveAction(actions, ACTION.budget, -1))).toEqual([
      ACTION.budget,
      ACTION.pain,
      ACTION.champion,
      ACTION.tailor,
    ])
    expect(ids(moveAction(actions, ACTION.budget, 1))).toEqual([
      ACTION.pain,
      ACTION.champion,
      ACTION.budget,
      ACTION.tailor,
    ])
    // The last action of Discovery does not jump into Demo, nor Demo's first into Discovery.
    expect(ids(moveAction(actions, ACTION.champion, 1))).toEqual(ids(actions))
    expect(ids(moveAction(actions, ACTION.tailor, -1))).toEqual(ids(actions))
  })
})

describe('withActions and orderActions', () => {
  it('numbers positions per stage and orders by stage, stageless last', () => {
    const next = withActions(pipeline, [
      { stage_id: null, name: 'Orphan', description: '' },
      { stage_id: STAGE.demo, name: 'New demo step', description: '' },
      ...actionInputs(actions),
    ])
    expect(next.actions.map((action) => [action.name, action.position])).toEqual([
      ['Find the pain', 0],
      ['Confirm budget', 1],
      ['Find a champion', 2],
      ['New demo step', 0],
      ['Tailor the demo', 1],
      ['Orphan', 0],
    ])
    expect(isOptimisticId(next.actions[3]?.action_id ?? '')).toBe(true)
  })

  it('orders actions by their stage’s place in the pipeline', () => {
    const reversed = [...pipeline.stages].reverse()
    expect(ids(orderActions(actions, reversed))).toEqual([
      ACTION.tailor,
      ACTION.pain,
      ACTION.budget,
      ACTION.champion,
    ])
    expect(ids(actionsOfStage(actions, STAGE.demo))).toEqual([ACTION.tailor])
  })
})
