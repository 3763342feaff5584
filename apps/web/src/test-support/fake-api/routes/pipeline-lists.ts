import type {
  ActionInput,
  Pipeline,
  PipelineAction,
  PipelineStage,
  ReplaceRemoteStageLookupBody,
  ReplaceStageActionsBody,
  StageInput,
} from '@dealcoach/contracts/pipelines'
import type { ErrorDetail } from '@dealcoach/contracts/errors'
import { fakeId } from '../fake-id'

// The fake's own reading of the stage and action list writes (contracts/pipelines.ts), kept apart
// from the web app's optimistic updates so that the app is not its own oracle.

export interface ListResult {
  problems: ErrorDetail[]
  pipeline: Pipeline
}

/** The server's rule: no two entries of one list share a name, compared trimmed and in any case. */
function repeatedNames(
  list: readonly { name: string }[],
  prefix: string,
  what: 'stage' | 'action',
): ErrorDetail[] {
  const seen = new Set<string>()
  return list.flatMap((entry, index) => {
    const key = entry.name.trim().toLowerCase()
    if (!seen.has(key)) {
      seen.add(key)
      return []
    }
    return [
      {
        path: `${prefix}${index}.name`,
        message: `is the name of another ${what}`,
        code: `${what}_name_repeated`,
      },
    ]
  })
}

/** Actions by their stage's position, then their own; those without a stage last. */
function ordered(stages: readonly PipelineStage[], actions: readonly PipelineAction[]) {
  const rank = new Map(stages.map((stage) => [stage.stage_id, stage.position]))
  const stageRank = (action: PipelineAction) =>
    action.stage_id === null ? Number.MAX_SAFE_INTEGER : (rank.get(action.stage_id) ?? 0)
  return [...actions].sort((a, b) => stageRank(a) - stageRank(b) || a.position - b.position)
}

/**
 * The whole ordered stage list: a listed id keeps (and renames) its stage, an entry without one
 * adds a stage, a stage left out is removed with its actions.
 */
export function replaceStages(
  pipeline: Pipeline,
  list: readonly StageInput[],
  moveDealsTo: Readonly<Record<string, string>>,
  prefix = 'body.',
): ListResult {
  const problems: ErrorDetail[] = [...repeatedNames(list, prefix, 'stage')]
  const byId = new Map(pipeline.stages.map((stage) => [stage.stage_id, stage]))
  const kept = new Set<string>()
  const stages = list.map((entry, position): PipelineStage => {
    if (entry.stage_id === undefined) {
      return { stage_id: fakeId(), name: entry.name, position, remote_stage_id: null }
    }
    const existing = byId.get(entry.stage_id)
    if (!existing || kept.has(entry.stage_id)) {
      problems.push({
        path: `${prefix}${position}.stage_id`,
        message: 'is not a stage of this list',
      })
    }
    kept.add(entry.stage_id)
    return {
      ...(existing ?? { remote_stage_id: null }),
      stage_id: entry.stage_id,
      name: entry.name,
      position,
    }
  })
  for (const [from, to] of Object.entries(moveDealsTo)) {
    if (kept.has(from) || !byId.has(from) || !kept.has(to)) {
      problems.push({
        path: `body.move_deals_to.${from}`,
        message: 'must move a removed stage to a kept one',
      })
    }
  }
  const actions = pipeline.actions.filter(
    (action) => action.stage_id === null || kept.has(action.stage_id),
  )
  return { problems, pipeline: { ...pipeline, stages, actions: ordered(stages, actions) } }
}

/**
 * The full action list: a listed id is merged, an entry without one is added, an action left out
 * is deleted; list order within a stage is the position.
 */
export function replaceActions(pipeline: Pipeline, list: readonly ActionInput[]): ListResult {
  const problems: ErrorDetail[] = [...repeatedNames(list, 'body.', 'action')]
  const stageIds = new Set(pipeline.stages.map((stage) => stage.stage_id))
  const byId = new Map(pipeline.actions.map((action) => [action.action_id, action]))
  const listed = new Set<string>()
  const nextPosition = new Map<string | null, number>()
  const actions = list.map((entry, index): PipelineAction => {
    if (entry.stage_id != null && !stageIds.has(entry.stage_id)) {
      problems.push({ path: `body.${index}.stage_id`, message: 'is not a stage of this pipeline' })
    }
    const existing = entry.action_id === undefined ? undefined : byId.get(entry.action_id)
    if (entry.action_id !== undefined && (!existing || listed.has(entry.action_id))) {
      problems.push({ path: `body.${index}.action_id`, message: 'is not an action of this list' })
    }
    if (entry.action_id === undefined && entry.stage_id === undefined) {
      problems.push({ path: `body.${index}.stage_id`, message: 'is required for a new action' })
    }
    if (entry.action_id !== undefined) listed.add(entry.action_id)
    // An update without a stage keeps the action's current one, as the server merges.
    const stageId = entry.stage_id === undefined ? (existing?.stage_id ?? null) : entry.stage_id
    const position = nextPosition.get(stageId) ?? 0
    nextPosition.set(stageId, position + 1)
    return {
      action_id: entry.action_id ?? fakeId(),
      stage_id: stageId,
      name: entry.name,
      description: entry.description ?? existing?.description ?? '',
      position,
    }
  })
  return { problems, pipeline: { ...pipeline, actions: ordered(pipeline.stages, actions) } }
}

/**
 * Which actions belong to which stage: a listed action moves to its entry's stage at its list
 * position; an action no entry lists is left without a stage.
 */
export function replaceStageActions(pipeline: Pipeline, list: ReplaceStageActionsBody): ListResult {
  const problems: ErrorDetail[] = []
  const stageIds = new Set(pipeline.stages.map((stage) => stage.stage_id))
  const actionIds = new Set(pipeline.actions.map((action) => action.action_id))
  const listedStages = new Set<string>()
  const target = new Map<string, { stage_id: string | null; position: number }>()
  list.forEach((entry, index) => {
    if (!stageIds.has(entry.stage_id) || listedStages.has(entry.stage_id)) {
      problems.push({ path: `body.${index}.stage_id`, message: 'is not a stage of this list' })
    }
    listedStages.add(entry.stage_id)
    entry.action_ids.forEach((actionId, position) => {
      if (!actionIds.has(actionId) || target.has(actionId)) {
        problems.push({
          path: `body.${index}.action_ids.${position}`,
          message: 'is not an action of this list',
        })
      } else target.set(actionId, { stage_id: entry.stage_id, position })
    })
  })
  let stageless = 0
  const actions = pipeline.actions.map((action): PipelineAction => ({
    ...action,
    ...(target.get(action.action_id) ?? { stage_id: null, position: stageless++ }),
  }))
  return { problems, pipeline: { ...pipeline, actions: ordered(pipeline.stages, actions) } }
}

/** Sets the CRM id of each listed stage (null unlinks it); no two stages may share one. */
export function replaceRemoteStageLookup(
  pipeline: Pipeline,
  list: ReplaceRemoteStageLookupBody,
): ListResult {
  const problems: ErrorDetail[] = []
  const remoteIdOf = new Map(
    pipeline.stages.map((stage) => [stage.stage_id, stage.remote_stage_id]),
  )
  const listed = new Set<string>()
  list.forEach((entry, index) => {
    if (!remoteIdOf.has(entry.stage_id) || listed.has(entry.stage_id)) {
      problems.push({ path: `body.${index}.stage_id`, message: 'is not a stage of this list' })
    }
    listed.add(entry.stage_id)
    remoteIdOf.set(entry.stage_id, entry.remote_stage_id ?? null)
  })
  list.forEach((entry, index) => {
    const holder = pipeline.stages.find(
      (stage) =>
        stage.stage_id !== entry.stage_id &&
        entry.remote_stage_id != null &&
        remoteIdOf.get(stage.stage_id) === entry.remote_stage_id,
    )
    if (holder) {
      problems.push({
        path: `body.${index}.remote_stage_id`,
        message: `is also the CRM id of stage "${holder.name}"`,
        code: 'remote_stage_id_taken',
      })
    }
  })
  const stages = pipeline.stages.map((stage) => ({
    ...stage,
    remote_stage_id: remoteIdOf.get(stage.stage_id) ?? null,
  }))
  return { problems, pipeline: { ...pipeline, stages } }
}
