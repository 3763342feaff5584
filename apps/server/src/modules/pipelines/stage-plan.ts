import { type FieldProblem, fieldPath } from '../../lib/domain-errors.js'
import type { StageInput } from '@dealcoach/contracts/pipelines'

/** A stage as the plans need it. */
export interface ExistingStage {
  id: string
  name: string
  position: number
  remoteStageId: string | null
}

export interface StagePlan {
  problems: FieldProblem[]
  /** Kept stages whose name or position changes. */
  updates: { id: string; name: string; position: number }[]
  inserts: { name: string; position: number }[]
  /** Existing stages the list leaves out, in their old order. */
  removed: ExistingStage[]
  /** Existing stages the list keeps. */
  keptIds: Set<string>
}

/**
 * Compares the stage list a client sent with the pipeline's stages: list order is position, an
 * entry without a `stage_id` is new, a stage left out is removed. `path` is where the list sits
 * in the body (`''` for the bare list, `stages` in the object form).
 */
export function planStages(
  existing: readonly ExistingStage[],
  input: readonly StageInput[],
  path: string,
): StagePlan {
  const byId = new Map(existing.map((stage) => [stage.id, stage]))
  const plan: StagePlan = {
    problems: [],
    updates: [],
    inserts: [],
    removed: [],
    keptIds: new Set(),
  }
  const flagged = new Set<number>()

  input.forEach((entry, position) => {
    if (entry.stage_id === undefined) {
      plan.inserts.push({ name: entry.name, position })
      return
    }
    const stage = byId.get(entry.stage_id)
    if (!stage) {
      plan.problems.push(notOfPipeline(fieldPath(path, position, 'stage_id'), 'stage'))
      flagged.add(position)
    } else if (plan.keptIds.has(stage.id)) {
      plan.problems.push(listedTwice(fieldPath(path, position, 'stage_id')))
      flagged.add(position)
    } else {
      plan.keptIds.add(stage.id)
      if (stage.name !== entry.name || stage.position !== position) {
        plan.updates.push({ id: stage.id, name: entry.name, position })
      }
    }
  })
  plan.problems.push(...repeatedNames(input, path, 'stage', flagged))
  plan.removed = existing.filter((stage) => !plan.keptIds.has(stage.id))
  return plan
}

export interface DealMovePlan {
  problems: FieldProblem[]
  /** Removed stage id → the kept stage that receives its deals and history. */
  moves: Map<string, string>
}

/**
 * Checks `move_deals_to`: every key must be a stage the list removes, and every target a stage
 * the list keeps (a new stage has no id yet, and a removed one is going away).
 */
export function planDealMoves(
  plan: Pick<StagePlan, 'removed' | 'keptIds'>,
  moveDealsTo: Readonly<Record<string, string>> | undefined,
  path: string,
): DealMovePlan {
  const removedIds = new Set(plan.removed.map((stage) => stage.id))
  const result: DealMovePlan = { problems: [], moves: new Map() }
  for (const [from, to] of Object.entries(moveDealsTo ?? {})) {
    if (!removedIds.has(from)) {
      result.problems.push({
        field: fieldPath(path, from),
        message: 'must be a stage of this pipeline that the list removes',
      })
    } else if (!plan.keptIds.has(to)) {
      result.problems.push({
        field: fieldPath(path, from),
        message: 'must move deals to an existing stage of this pipeline that the list keeps',
      })
    } else {
      result.moves.set(from, to)
    }
  }
  return result
}

/** Removed stages that still hold deals and that `move_deals_to` gives no target for. */
export function stagesStillHoldingDeals(
  removed: readonly ExistingStage[],
  moves: ReadonlyMap<string, string>,
  dealCounts: ReadonlyMap<string, number>,
): { stage: ExistingStage; deals: number }[] {
  return removed
    .filter((stage) => !moves.has(stage.id))
    .map((stage) => ({ stage, deals: dealCounts.get(stage.id) ?? 0 }))
    .filter(({ deals }) => deals > 0)
}

export interface RemoteStageLookupPlan {
  problems: FieldProblem[]
  /** Stages whose CRM id changes. */
  updates: { id: string; remoteStageId: string | null }[]
}

/**
 * Sets the CRM id of the listed stages; the others keep theirs. No two stages of a pipeline may
 * share a CRM id, or imported deals could not tell which stage they are in.
 */
export function planRemoteStageIds(
  existing: readonly ExistingStage[],
  input: readonly { stage_id: string; remote_stage_id: string | null }[],
  path: string,
): RemoteStageLookupPlan {
  const byId = new Map(existing.map((stage) => [stage.id, stage]))
  const result: RemoteStageLookupPlan = { problems: [], updates: [] }
  const listed = new Set<string>()
  const accepted: { index: number; stageId: string; remoteId: string | null }[] = []
  const remoteIdOf = new Map(existing.map((stage) => [stage.id, stage.remoteStageId]))

  input.forEach((entry, index) => {
    const stage = byId.get(entry.stage_id)
    if (!stage) result.problems.push(notOfPipeline(fieldPath(path, index, 'stage_id'), 'stage'))
    else if (listed.has(stage.id))
      result.problems.push(listedTwice(fieldPath(path, index, 'stage_id')))
    else {
      listed.add(stage.id)
      remoteIdOf.set(stage.id, entry.remote_stage_id)
      accepted.push({ index, stageId: stage.id, remoteId: entry.remote_stage_id })
    }
  })

  for (const { index, stageId, remoteId } of accepted) {
    if (remoteId === null) continue
    const holder = existing.find(
      (stage) => stage.id !== stageId && remoteIdOf.get(stage.id) === remoteId,
    )
    if (holder) {
      result.problems.push({
        field: fieldPath(path, index, 'remote_stage_id'),
        message: `is also the CRM id of stage "${holder.name}"`,
        code: 'remote_stage_id_taken',
      })
    }
  }

  for (const stage of existing) {
    const remoteId = remoteIdOf.get(stage.id) ?? null
    if (remoteId !== stage.remoteStageId)
      result.updates.push({ id: stage.id, remoteStageId: remoteId })
  }
  return result
}

export const notOfPipeline = (field: string, what: 'stage' | 'action'): FieldProblem => ({
  field,
  message: `is not ${what === 'action' ? 'an action' : 'a stage'} of this pipeline`,
})

export const listedTwice = (field: string): FieldProblem => ({ field, message: 'is listed twice' })

/**
 * Names a pipeline's stages (or actions) may not share: compared trimmed and case-insensitively,
 * every entry after the first with a name is a problem at its `name` (reason
 * `stage_name_repeated` or `action_name_repeated`, for clients). Entries at `skipped`
 * positions already have a problem with their id and are left out.
 */
export function repeatedNames(
  entries: readonly { name: string }[],
  path: string,
  what: 'stage' | 'action',
  skipped: ReadonlySet<number> = new Set(),
): FieldProblem[] {
  const seen = new Set<string>()
  return entries.flatMap((entry, index) => {
    if (skipped.has(index)) return []
    const key = entry.name.trim().toLocaleLowerCase()
    if (!seen.has(key)) {
      seen.add(key)
      return []
    }
    return [
      {
        field: fieldPath(path, index, 'name'),
        message: `is the name of another ${what}`,
        code: `${what}_name_repeated`,
      },
    ]
  })
}
