import { type FieldProblem, fieldPath } from '../../lib/domain-errors.js'
import type { ActionInput, ReplaceStageActionsBody } from '@dealcoach/contracts/pipelines'
import { listedTwice, notOfPipeline, repeatedNames } from './stage-plan.js'

/** An action as the plans need it. */
export interface ExistingAction {
  id: string
  stageId: string | null
  name: string
  description: string
  position: number
}

export interface ActionChange {
  id: string
  stageId: string | null
  name: string
  description: string
  position: number
}

export interface ActionPlan {
  problems: FieldProblem[]
  /** Listed actions that change. */
  updates: ActionChange[]
  inserts: Omit<ActionChange, 'id'>[]
  /** Actions the list leaves out. */
  deletes: string[]
}

/** Hands out positions counted within each stage (actions without a stage count together). */
function positionCounter() {
  const next = new Map<string | null, number>()
  return (stageId: string | null) => {
    const position = next.get(stageId) ?? 0
    next.set(stageId, position + 1)
    return position
  }
}

const changed = (action: ExistingAction, change: ActionChange) =>
  action.stageId !== change.stageId ||
  action.name !== change.name ||
  action.description !== change.description ||
  action.position !== change.position

/** A new action needs a stage, or null for none: there is no current one to keep. */
const stageRequired = (field: string): FieldProblem => ({
  field,
  message: 'is required for a new action (null for no stage)',
  code: 'required',
})

/**
 * Compares the full action list a client sent with the pipeline's actions: a listed `action_id`
 * is merged (spec §3: an absent stage_id or description keeps the current one), an entry without
 * one is new, an action left out is deleted. List order within a stage is the position.
 */
export function planActions(
  existing: readonly ExistingAction[],
  stageIds: ReadonlySet<string>,
  input: readonly ActionInput[],
  path: string,
): ActionPlan {
  const byId = new Map(existing.map((action) => [action.id, action]))
  const plan: ActionPlan = { problems: [], updates: [], inserts: [], deletes: [] }
  const listed = new Set<string>()
  const flagged = new Set<number>()
  const positionIn = positionCounter()

  input.forEach((entry, index) => {
    const stageField = fieldPath(path, index, 'stage_id')
    if (entry.stage_id != null && !stageIds.has(entry.stage_id)) {
      plan.problems.push(notOfPipeline(stageField, 'stage'))
    }
    if (entry.action_id === undefined) {
      if (entry.stage_id === undefined) {
        plan.problems.push(stageRequired(stageField))
        return
      }
      plan.inserts.push({
        stageId: entry.stage_id,
        name: entry.name,
        description: entry.description ?? '',
        position: positionIn(entry.stage_id),
      })
      return
    }
    const action = byId.get(entry.action_id)
    if (!action) {
      plan.problems.push(notOfPipeline(fieldPath(path, index, 'action_id'), 'action'))
      flagged.add(index)
      return
    }
    if (listed.has(action.id)) {
      plan.problems.push(listedTwice(fieldPath(path, index, 'action_id')))
      flagged.add(index)
      return
    }
    listed.add(action.id)
    const stageId = entry.stage_id === undefined ? action.stageId : entry.stage_id
    const change: ActionChange = {
      id: action.id,
      stageId,
      name: entry.name,
      description: entry.description ?? action.description,
      position: positionIn(stageId),
    }
    if (changed(action, change)) plan.updates.push(change)
  })
  plan.problems.push(...repeatedNames(input, path, 'action', flagged))
  plan.deletes = existing.filter((action) => !listed.has(action.id)).map((action) => action.id)
  return plan
}

export interface StageActionsPlan {
  problems: FieldProblem[]
  /** Actions whose stage or position changes. */
  moves: { id: string; stageId: string | null; position: number }[]
}

/**
 * Puts each listed action in its entry's stage at its list position. Actions no entry lists are
 * left without a stage, after those already without one, keeping their current order.
 * `existing` must be in the pipeline's action order (by stage, then position, unstaged last).
 */
export function planStageActions(
  existing: readonly ExistingAction[],
  stageIds: ReadonlySet<string>,
  input: ReplaceStageActionsBody,
  path: string,
): StageActionsPlan {
  const byId = new Map(existing.map((action) => [action.id, action]))
  const result: StageActionsPlan = { problems: [], moves: [] }
  const target = new Map<string, { stageId: string | null; position: number }>()
  const listedStages = new Set<string>()

  input.forEach((entry, index) => {
    if (!stageIds.has(entry.stage_id)) {
      result.problems.push(notOfPipeline(fieldPath(path, index, 'stage_id'), 'stage'))
    } else if (listedStages.has(entry.stage_id)) {
      result.problems.push(listedTwice(fieldPath(path, index, 'stage_id')))
    }
    listedStages.add(entry.stage_id)
    entry.action_ids.forEach((actionId, position) => {
      const actionPath = fieldPath(path, index, 'action_ids', position)
      if (!byId.has(actionId)) result.problems.push(notOfPipeline(actionPath, 'action'))
      else if (target.has(actionId)) result.problems.push(listedTwice(actionPath))
      else target.set(actionId, { stageId: entry.stage_id, position })
    })
  })

  const unstaged = [
    ...existing.filter((action) => !target.has(action.id) && action.stageId === null),
    ...existing.filter((action) => !target.has(action.id) && action.stageId !== null),
  ]
  unstaged.forEach((action, position) => target.set(action.id, { stageId: null, position }))

  for (const action of existing) {
    const next = target.get(action.id)
    if (next && (next.stageId !== action.stageId || next.position !== action.position)) {
      result.moves.push({ id: action.id, ...next })
    }
  }
  return result
}
