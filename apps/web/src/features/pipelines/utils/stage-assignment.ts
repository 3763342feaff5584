import type {
  Pipeline,
  ReplaceRemoteStageLookupBody,
  ReplaceStageActionsBody,
} from '@dealcoach/contracts/pipelines'

/** Action id → the stage it is assigned to, or null for none. */
export type StageAssignment = Readonly<Record<string, string | null>>

/** The stage each action of the pipeline is in now. */
export const assignmentOf = (pipeline: Pipeline): StageAssignment =>
  Object.fromEntries(pipeline.actions.map((action) => [action.action_id, action.stage_id]))

export const isSameAssignment = (a: StageAssignment, b: StageAssignment) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([actionId, stageId]) => b[actionId] === stageId)

/**
 * The stage-actions body for `assignment`: every stage, with its actions in order. An action
 * that stays keeps its place; one that moves in comes after them, in the pipeline's order.
 */
export function stageActionsBody(
  pipeline: Pipeline,
  assignment: StageAssignment,
): ReplaceStageActionsBody {
  return pipeline.stages.map((stage) => {
    const assigned = pipeline.actions.filter(
      (action) => assignment[action.action_id] === stage.stage_id,
    )
    const stayed = assigned.filter((action) => action.stage_id === stage.stage_id)
    const movedIn = assigned.filter((action) => action.stage_id !== stage.stage_id)
    return {
      stage_id: stage.stage_id,
      action_ids: [...stayed, ...movedIn].map((action) => action.action_id),
    }
  })
}

/** Stage id → the CRM stage id as typed. */
export type CrmStageIds = Readonly<Record<string, string>>

export const crmStageIdsOf = (pipeline: Pipeline): CrmStageIds =>
  Object.fromEntries(pipeline.stages.map((stage) => [stage.stage_id, stage.remote_stage_id ?? '']))

/**
 * The remote-stage-lookup body for what was typed: the stages whose CRM id changed, a blank one
 * unlinking its stage.
 */
export function remoteStageLookupBody(
  pipeline: Pipeline,
  typed: CrmStageIds,
): ReplaceRemoteStageLookupBody {
  return pipeline.stages.flatMap((stage) => {
    const value = (typed[stage.stage_id] ?? '').trim() || null
    return value === stage.remote_stage_id
      ? []
      : [{ stage_id: stage.stage_id, remote_stage_id: value }]
  })
}
