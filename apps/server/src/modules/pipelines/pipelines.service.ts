import type {
  createPipelineBodySchema,
  replaceActionsBodySchema,
  ReplaceRemoteStageLookupBody,
  ReplaceStageActionsBody,
  replaceStagesBodySchema,
} from '@dealcoach/contracts/pipelines'
import { findSalesFramework } from '@dealcoach/playbooks/framework-templates'
import type { z } from 'zod'
import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import type { DealsService } from '../deals/deals.service.js'
import { planActions, planStageActions } from './action-plan.js'
import { assemblePipelines } from './assemble-pipelines.js'
import type { Pipeline, PipelineTemplate } from './pipeline.js'
import {
  assertNoProblems,
  pipelineHasDeals,
  pipelineNameTaken,
  pipelineNotFound,
  stageHasDeals,
} from './pipeline-errors.js'
import {
  deleteActions,
  deletePipeline,
  deleteStagesWithActions,
  findPipeline,
  pipelineExists,
  findStagesByIds,
  hasConfiguredPipeline,
  insertActions,
  insertPipeline,
  insertStages,
  listActionsOfPipelines,
  listOrganisationPipelines,
  listRemotePipelines,
  listStagesOfPipelines,
  lockPipeline,
  lockPipelineNames,
  lockStagesOfPipeline,
  type PipelineRow,
  type StageRow,
  pipelineNameTaken as isPipelineNameTaken,
  renamePipeline,
  togglePipelineActive,
  touchPipeline,
  updateAction,
  updateStage,
} from './pipelines.repository.js'
import {
  planDealMoves,
  planRemoteStageIds,
  planStages,
  stagesStillHoldingDeals,
} from './stage-plan.js'
import type { PageOf, PageRequest } from '../../lib/pagination.js'

/** The bodies as the routes hand them over: parsed, so trimmed and with defaults applied. */
type CreateBody = z.output<typeof createPipelineBodySchema>
type ReplaceStagesBody = z.output<typeof replaceStagesBodySchema>
type ReplaceActionsBody = z.output<typeof replaceActionsBodySchema>

/** A CRM's pipeline with its stages in order, as a CRM sync reads it. */
export interface RemotePipeline {
  remoteId: string
  name: string
  stages: { remoteStageId: string; name: string }[]
}

export interface PipelinesDeps {
  db: Database
  deals: DealsService
  /** Re-analysis of the deals a change affects (the analysis module's requests service). */
  analysis: AnalysisBackfills
}

export interface AnalysisBackfills {
  backfill(
    tx: Database,
    input: { organisationId: string; reason: 'pipeline_actions'; pipelineId: string },
  ): Promise<unknown>
}

/** Pipelines with their stages and actions: one query for each, however many pipelines. */
async function withStagesAndActions(
  db: Database,
  organisationId: string,
  rows: PipelineRow[],
): Promise<Pipeline[]> {
  const ids = rows.map((row) => row.id)
  const [stageRows, actionRows] = await Promise.all([
    listStagesOfPipelines(db, organisationId, ids),
    listActionsOfPipelines(db, organisationId, ids),
  ])
  return assemblePipelines(rows, stageRows, actionRows)
}

async function onePipeline(db: Database, organisationId: string, row: PipelineRow) {
  const [pipeline] = await withStagesAndActions(db, organisationId, [row])
  if (!pipeline) throw pipelineNotFound()
  return pipeline
}

/** The spec's client sends the bare stage list; the object form can also move deals. */
function stagesRequest(body: ReplaceStagesBody) {
  return Array.isArray(body)
    ? { stages: body, moveDealsTo: undefined, path: '' }
    : { stages: body.stages, moveDealsTo: body.move_deals_to, path: 'stages' }
}

export function createPipelinesService(deps: PipelinesDeps) {
  const { db, deals, analysis } = deps

  /**
   * One write to one of the caller's pipelines: in a transaction, with the pipeline locked so
   * writes take turns, then its updated_at bumped. Answers the pipeline as it is afterwards.
   */
  function writePipeline(
    caller: AuthUser,
    id: string,
    write: (tx: Database, organisationId: string) => Promise<void>,
  ): Promise<Pipeline> {
    const { organisationId } = caller
    return db.transaction(async (tx) => {
      if (!(await lockPipeline(tx, id, organisationId))) throw pipelineNotFound()
      await write(tx, organisationId)
      const row = await touchPipeline(tx, id, organisationId)
      if (!row) throw pipelineNotFound()
      return onePipeline(tx, organisationId, row)
    })
  }

  /**
   * The one place a template's stages and actions are inserted: the new-organisation seed and
   * `POST /v1/pipelines` with a framework both come here. Positions count within each stage.
   */
  async function createFromTemplate(
    tx: Database,
    organisationId: string,
    template: PipelineTemplate,
  ): Promise<Pipeline> {
    const row = await insertPipeline(tx, {
      organisationId,
      name: template.name,
      active: template.active ?? true,
    })
    const base = { organisationId, pipelineId: row.id }
    const stageRows = await insertStages(
      tx,
      template.stages.map((stage, position) => ({ ...base, name: stage.name, position })),
    )
    const stageIdAt = new Map(stageRows.map((stage) => [stage.position, stage.id]))
    await insertActions(
      tx,
      template.stages.flatMap((stage, stagePosition) =>
        stage.actions.map((action, position) => ({
          ...base,
          stageId: stageIdAt.get(stagePosition) ?? null,
          name: action.name,
          description: action.description,
          position,
        })),
      ),
    )
    return onePipeline(tx, organisationId, row)
  }

  return {
    async list(caller: AuthUser, page: PageRequest): Promise<PageOf<Pipeline>> {
      const { rows, total } = await listOrganisationPipelines(db, caller.organisationId, page)
      return { rows: await withStagesAndActions(db, caller.organisationId, rows), total }
    },

    /** The caller's organisation's stages among `ids`, in no order (GraphQL's stage loader). */
    stagesByIds(caller: AuthUser, ids: readonly string[]): Promise<StageRow[]> {
      return findStagesByIds(db, caller.organisationId, ids)
    },

    /** Throws as `get` does when the caller has no such pipeline, without reading it. */
    async assertFound(caller: AuthUser, id: string): Promise<void> {
      if (!(await pipelineExists(db, id, caller.organisationId))) throw pipelineNotFound()
    },

    /** Another organisation's pipeline is "not found", like one that does not exist. */
    async get(caller: AuthUser, id: string): Promise<Pipeline> {
      const row = await findPipeline(db, id, caller.organisationId)
      if (!row) throw pipelineNotFound()
      return onePipeline(db, caller.organisationId, row)
    },

    /** A blank pipeline, or one with a framework's stages and their actions; names are unique. */
    create(caller: AuthUser, body: CreateBody): Promise<Pipeline> {
      const { organisationId } = caller
      const stages = body.framework ? findSalesFramework(body.framework).stages : []
      return db.transaction(async (tx) => {
        await lockPipelineNames(tx, organisationId)
        if (await isPipelineNameTaken(tx, organisationId, body.name)) {
          throw pipelineNameTaken(body.name)
        }
        return createFromTemplate(tx, organisationId, {
          name: body.name,
          active: body.active,
          stages,
        })
      })
    },

    /** Renames a pipeline; another pipeline of the organisation may not have the name. */
    rename(caller: AuthUser, id: string, name: string): Promise<Pipeline> {
      return writePipeline(caller, id, async (tx, organisationId) => {
        await lockPipelineNames(tx, organisationId)
        if (await isPipelineNameTaken(tx, organisationId, name, id)) throw pipelineNameTaken(name)
        await renamePipeline(tx, id, organisationId, name)
      })
    },

    createFromTemplate,

    /** A pipeline's stages and actions as the analysis engine reads them. */
    async forAnalysis(tx: Database, organisationId: string, pipelineId: string) {
      const [stageRows, actionRows] = await Promise.all([
        listStagesOfPipelines(tx, organisationId, [pipelineId]),
        listActionsOfPipelines(tx, organisationId, [pipelineId]),
      ])
      return {
        stages: stageRows.map(({ id, name, position }) => ({ id, name, position })),
        actions: actionRows.map(({ id, name, description, stageId }) => ({
          id,
          name,
          description,
          stage_id: stageId,
        })),
      }
    },

    /** The onboarding checklist's question: see hasConfiguredPipeline. */
    hasConfigured(organisationId: string): Promise<boolean> {
      return hasConfiguredPipeline(db, organisationId)
    },

    /** Refused while the pipeline has deals: they would be deleted with it. */
    async remove(caller: AuthUser, id: string): Promise<void> {
      const { organisationId } = caller
      await db.transaction(async (tx) => {
        const row = await lockPipeline(tx, id, organisationId, 'update')
        if (!row) throw pipelineNotFound()
        const dealCount = await deals.countInPipeline(tx, organisationId, id)
        if (dealCount > 0) throw pipelineHasDeals(row.name, dealCount)
        // A deal moved to another pipeline keeps this one's stages in its history (ADR 0034).
        const stageRows = await listStagesOfPipelines(tx, organisationId, [id])
        await deals.keepStageNamesInHistory(tx, organisationId, stageRows)
        await deletePipeline(tx, id, organisationId)
      })
    },

    async toggle(caller: AuthUser, id: string): Promise<Pipeline> {
      const row = await togglePipelineActive(db, id, caller.organisationId)
      if (!row) throw pipelineNotFound()
      return onePipeline(db, caller.organisationId, row)
    },

    /**
     * Renames, reorders, adds and removes stages. A removed stage's actions go with it; its deals
     * must be moved (to a kept stage, the move recorded in their history), or the write is a 409.
     * The stage history that names a removed stage keeps its name (ADR 0034).
     */
    replaceStages(caller: AuthUser, id: string, body: ReplaceStagesBody): Promise<Pipeline> {
      const request = stagesRequest(body)
      return writePipeline(caller, id, async (tx, organisationId) => {
        const existing = await lockStagesOfPipeline(tx, id, organisationId)
        const plan = planStages(existing, request.stages, request.path)
        const { problems, moves } = planDealMoves(plan, request.moveDealsTo, 'move_deals_to')
        assertNoProblems([...plan.problems, ...problems])

        const removedIds = plan.removed.map((stage) => stage.id)
        const dealCounts = await deals.countByStage(tx, organisationId, removedIds)
        const blocked = stagesStillHoldingDeals(plan.removed, moves, dealCounts)
        if (blocked.length > 0) throw stageHasDeals(blocked)

        for (const [from, to] of moves) await deals.mergeStage(tx, organisationId, from, to)
        // The deals' stage history outlives the stages (ADR 0034).
        await deals.keepStageNamesInHistory(tx, organisationId, plan.removed)
        await deleteStagesWithActions(tx, organisationId, removedIds)
        for (const { id: stageId, ...changes } of plan.updates) {
          await updateStage(tx, stageId, organisationId, changes)
        }
        await insertStages(
          tx,
          plan.inserts.map((stage) => ({ ...stage, organisationId, pipelineId: id })),
        )
      })
    },

    /** The full action list: listed ones merged, new ones added, the others deleted. */
    replaceActions(caller: AuthUser, id: string, body: ReplaceActionsBody): Promise<Pipeline> {
      return writePipeline(caller, id, async (tx, organisationId) => {
        const [stageRows, actionRows] = await Promise.all([
          listStagesOfPipelines(tx, organisationId, [id]),
          listActionsOfPipelines(tx, organisationId, [id]),
        ])
        const stageIds = new Set(stageRows.map((stage) => stage.id))
        const plan = planActions(actionRows, stageIds, body, '')
        assertNoProblems(plan.problems)

        await deleteActions(tx, organisationId, plan.deletes)
        for (const { id: actionId, ...changes } of plan.updates) {
          await updateAction(tx, actionId, organisationId, changes)
        }
        await insertActions(
          tx,
          plan.inserts.map((action) => ({ ...action, organisationId, pipelineId: id })),
        )
        // The deals' action results were judged against the old list.
        await analysis.backfill(tx, { organisationId, reason: 'pipeline_actions', pipelineId: id })
      })
    },

    /** Which actions belong to which stage, in order; unlisted actions lose their stage. */
    replaceStageActions(
      caller: AuthUser,
      id: string,
      body: ReplaceStageActionsBody,
    ): Promise<Pipeline> {
      return writePipeline(caller, id, async (tx, organisationId) => {
        const [stageRows, actionRows] = await Promise.all([
          listStagesOfPipelines(tx, organisationId, [id]),
          listActionsOfPipelines(tx, organisationId, [id]),
        ])
        const stageIds = new Set(stageRows.map((stage) => stage.id))
        const plan = planStageActions(actionRows, stageIds, body, '')
        assertNoProblems(plan.problems)
        for (const { id: actionId, ...changes } of plan.moves) {
          await updateAction(tx, actionId, organisationId, changes)
        }
        await analysis.backfill(tx, { organisationId, reason: 'pipeline_actions', pipelineId: id })
      })
    },

    /**
     * Mirrors a CRM's pipelines by CRM id: new pipelines and stages are added, renamed ones
     * follow; a stage gone from the CRM stays (deals may sit in it). A new pipeline whose name is
     * taken gets the CRM's name as a suffix. Answers how many pipelines were created.
     */
    async syncRemote(
      tx: Database,
      organisationId: string,
      remote: readonly RemotePipeline[],
      label: string,
    ): Promise<number> {
      await lockPipelineNames(tx, organisationId)
      const known = new Map(
        (await listRemotePipelines(tx, organisationId)).map((row) => [row.remoteId, row]),
      )
      let created = 0
      for (const pipeline of remote) {
        let row = known.get(pipeline.remoteId)
        if (!row) {
          let name = pipeline.name
          for (let n = 1; await isPipelineNameTaken(tx, organisationId, name); n++) {
            name = n === 1 ? `${pipeline.name} (${label})` : `${pipeline.name} (${label} ${n})`
          }
          row = await insertPipeline(tx, {
            organisationId,
            name,
            active: true,
            remoteId: pipeline.remoteId,
          })
          created++
        }
        const stageRows = await listStagesOfPipelines(tx, organisationId, [row.id])
        const byRemote = new Map(stageRows.map((stage) => [stage.remoteStageId, stage]))
        let position = stageRows.reduce((max, stage) => Math.max(max, stage.position + 1), 0)
        const inserts = []
        for (const stage of pipeline.stages) {
          const existing = byRemote.get(stage.remoteStageId)
          if (!existing) {
            inserts.push({
              organisationId,
              pipelineId: row.id,
              name: stage.name,
              position: position++,
              remoteStageId: stage.remoteStageId,
            })
          } else if (existing.name !== stage.name) {
            await updateStage(tx, existing.id, organisationId, { name: stage.name })
          }
        }
        await insertStages(tx, inserts)
      }
      return created
    },

    /** The CRM ids of the listed stages; the others keep theirs. */
    replaceRemoteStageLookup(
      caller: AuthUser,
      id: string,
      body: ReplaceRemoteStageLookupBody,
    ): Promise<Pipeline> {
      return writePipeline(caller, id, async (tx, organisationId) => {
        const stageRows = await listStagesOfPipelines(tx, organisationId, [id])
        const plan = planRemoteStageIds(stageRows, body, '')
        assertNoProblems(plan.problems)
        for (const { id: stageId, remoteStageId } of plan.updates) {
          await updateStage(tx, stageId, organisationId, { remoteStageId })
        }
      })
    },
  }
}

export type PipelinesService = ReturnType<typeof createPipelinesService>
