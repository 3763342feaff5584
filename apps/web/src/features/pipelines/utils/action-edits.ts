import type {
  ActionInput,
  Pipeline,
  PipelineAction,
  PipelineStage,
} from '@dealcoach/contracts/pipelines'
import { optimisticId } from './optimistic-id'

// Each edit answers the full action list that PUT /v1/pipelines/{id}/actions expects (spec §7):
// an entry with action_id updates that action, one without adds an action, a missing one is
// deleted. Within a stage, list order is the action's position.

/** What the add and edit forms produce. */
export interface ActionDraft {
  stage_id: string | null
  name: string
  description: string
}

type ActionBody = ActionInput & { description: string }

export const actionInputs = (actions: readonly PipelineAction[]): ActionBody[] =>
  actions.map(({ action_id, stage_id, name, description }) => ({
    action_id,
    stage_id,
    name,
    description,
  }))

const trimmed = (draft: ActionDraft): ActionDraft => ({
  stage_id: draft.stage_id,
  name: draft.name.trim(),
  description: draft.description.trim(),
})

/** Adds an action at the end of its stage. */
export const addAction = (actions: readonly PipelineAction[], draft: ActionDraft): ActionBody[] => [
  ...actionInputs(actions),
  trimmed(draft),
]

/** Updates an action in place; one moved to another stage goes to the end of that stage. */
export function updateAction(
  actions: readonly PipelineAction[],
  actionId: string,
  draft: ActionDraft,
): ActionBody[] {
  const inputs = actionInputs(actions)
  const current = inputs.find((action) => action.action_id === actionId)
  if (!current) return inputs
  const updated = { ...trimmed(draft), action_id: actionId }
  if (current.stage_id === updated.stage_id) {
    return inputs.map((action) => (action === current ? updated : action))
  }
  return [...inputs.filter((action) => action !== current), updated]
}

export const removeAction = (actions: readonly PipelineAction[], actionId: string): ActionBody[] =>
  actionInputs(actions).filter((action) => action.action_id !== actionId)

/** Swaps an action with its previous (-1) or next (+1) neighbour in the same stage. */
export function moveAction(
  actions: readonly PipelineAction[],
  actionId: string,
  offset: -1 | 1,
): ActionBody[] {
  const inputs = actionInputs(actions)
  const from = inputs.findIndex((action) => action.action_id === actionId)
  const moving = inputs[from]
  if (!moving) return inputs
  let to = from + offset
  while (to >= 0 && to < inputs.length && inputs[to]?.stage_id !== moving.stage_id) to += offset
  const neighbour = inputs[to]
  if (!neighbour) return inputs
  inputs[to] = moving
  inputs[from] = neighbour
  return inputs
}

/** Actions in the order the server answers them: by stage position, then position; stageless last. */
export function orderActions(
  actions: readonly PipelineAction[],
  stages: readonly PipelineStage[],
): PipelineAction[] {
  const stageIndex = new Map(stages.map((stage, index) => [stage.stage_id, index]))
  const rank = (action: PipelineAction) =>
    action.stage_id === null ? stages.length : (stageIndex.get(action.stage_id) ?? stages.length)
  return [...actions].sort((a, b) => rank(a) - rank(b) || a.position - b.position)
}

/** The pipeline as it will look once the server applies `inputs`, shown before it answers. */
export function withActions(pipeline: Pipeline, inputs: readonly ActionInput[]): Pipeline {
  const stageOf = new Map(pipeline.actions.map((action) => [action.action_id, action.stage_id]))
  const nextPosition = new Map<string | null, number>()
  const actions = inputs.map((input, index): PipelineAction => {
    // As the server merges: an update without a stage keeps the action's current one.
    const stageId =
      input.stage_id === undefined ? (stageOf.get(input.action_id ?? '') ?? null) : input.stage_id
    const position = nextPosition.get(stageId) ?? 0
    nextPosition.set(stageId, position + 1)
    return {
      action_id: input.action_id ?? optimisticId('action', index),
      stage_id: stageId,
      name: input.name,
      description: input.description ?? '',
      position,
    }
  })
  return { ...pipeline, actions: orderActions(actions, pipeline.stages) }
}

/** The actions of one stage (null: those without a stage), in order. */
export const actionsOfStage = (actions: readonly PipelineAction[], stageId: string | null) =>
  actions.filter((action) => action.stage_id === stageId)
