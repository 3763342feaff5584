import type { Pipeline, PipelineStage, StageInput } from '@dealcoach/contracts/pipelines'
import { orderActions } from './action-edits'
import { moveItem } from './move-item'
import { optimisticId } from './optimistic-id'

// Each edit answers the whole ordered stage list that PUT /v1/pipelines/{id}/stages expects
// (spec §7): add appends {name}, remove filters the stage out, rename and reorder send the list.

/** The stages as the body of PUT /stages: every stage kept, in order. */
export const stageInputs = (stages: readonly PipelineStage[]): StageInput[] =>
  stages.map(({ stage_id, name }) => ({ stage_id, name }))

export const addStage = (stages: readonly PipelineStage[], name: string): StageInput[] => [
  ...stageInputs(stages),
  { name: name.trim() },
]

export const renameStage = (
  stages: readonly PipelineStage[],
  stageId: string,
  name: string,
): StageInput[] =>
  stageInputs(stages).map((stage) =>
    stage.stage_id === stageId ? { ...stage, name: name.trim() } : stage,
  )

/** Moves a stage to index `to` (clamped to the list). */
export const moveStage = (
  stages: readonly PipelineStage[],
  stageId: string,
  to: number,
): StageInput[] =>
  moveItem(
    stageInputs(stages),
    stages.findIndex((stage) => stage.stage_id === stageId),
    to,
  )

export const removeStage = (stages: readonly PipelineStage[], stageId: string): StageInput[] =>
  stageInputs(stages).filter((stage) => stage.stage_id !== stageId)

/**
 * The pipeline as it will look once the server applies `inputs`, shown before it answers. A
 * removed stage's playbook actions go with it, as on the server.
 */
export function withStages(pipeline: Pipeline, inputs: readonly StageInput[]): Pipeline {
  const existing = new Map(pipeline.stages.map((stage) => [stage.stage_id, stage]))
  const stages: PipelineStage[] = inputs.map((input, position) => {
    const kept = input.stage_id ? existing.get(input.stage_id) : undefined
    return {
      stage_id: kept?.stage_id ?? optimisticId('stage', position),
      name: input.name,
      position,
      remote_stage_id: kept?.remote_stage_id ?? null,
    }
  })
  const keptIds = new Set(stages.map((stage) => stage.stage_id))
  const actions = pipeline.actions.filter(
    (action) => action.stage_id === null || keptIds.has(action.stage_id),
  )
  return { ...pipeline, stages, actions: orderActions(actions, stages) }
}
