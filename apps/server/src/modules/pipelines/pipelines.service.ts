import type { Pipeline, PipelinesResponse } from '@dealcoach/contracts/pipelines'
import type { Database } from '../../db/client.js'
import { notFound } from '../../lib/http-error.js'
import type { AuthUser } from '../auth/access-token.js'
import {
  type ActionRow,
  findPipeline,
  listActionsOfPipelines,
  listOrganisationPipelines,
  listStagesOfPipelines,
  type PipelineRow,
  type StageRow,
} from './pipelines.repository.js'

export interface PipelinesDeps {
  db: Database
}

function groupByPipeline<T extends { pipelineId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const group = groups.get(row.pipelineId)
    if (group) group.push(row)
    else groups.set(row.pipelineId, [row])
  }
  return groups
}

function toPipeline(pipeline: PipelineRow, stages: StageRow[], actions: ActionRow[]): Pipeline {
  return {
    id: pipeline.id,
    name: pipeline.name,
    active: pipeline.active,
    remote_id: pipeline.remoteId,
    created_at: pipeline.createdAt.toISOString(),
    updated_at: pipeline.updatedAt.toISOString(),
    stages: stages.map((stage) => ({
      stage_id: stage.id,
      name: stage.name,
      position: stage.position,
      remote_stage_id: stage.remoteStageId,
    })),
    actions: actions.map((action) => ({
      action_id: action.id,
      stage_id: action.stageId,
      name: action.name,
      description: action.description,
      position: action.position,
    })),
  }
}

export function createPipelinesService(deps: PipelinesDeps) {
  const { db } = deps

  /** Pipelines with their stages and actions: one query for each, however many pipelines. */
  async function withStagesAndActions(caller: AuthUser, rows: PipelineRow[]): Promise<Pipeline[]> {
    const ids = rows.map((row) => row.id)
    const [stageRows, actionRows] = await Promise.all([
      listStagesOfPipelines(db, caller.organisationId, ids),
      listActionsOfPipelines(db, caller.organisationId, ids),
    ])
    const stagesOf = groupByPipeline(stageRows)
    const actionsOf = groupByPipeline(actionRows)
    return rows.map((row) =>
      toPipeline(row, stagesOf.get(row.id) ?? [], actionsOf.get(row.id) ?? []),
    )
  }

  return {
    async list(caller: AuthUser, page: number, pageSize: number): Promise<PipelinesResponse> {
      const { rows, total } = await listOrganisationPipelines(db, caller.organisationId, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      })
      return {
        models: await withStagesAndActions(caller, rows),
        pagination: { page, page_size: pageSize, total },
      }
    },

    /** Another organisation's pipeline is "not found", like one that does not exist. */
    async get(caller: AuthUser, id: string): Promise<Pipeline> {
      const row = await findPipeline(db, id, caller.organisationId)
      if (!row) throw notFound('Pipeline')
      const [pipeline] = await withStagesAndActions(caller, [row])
      if (!pipeline) throw notFound('Pipeline')
      return pipeline
    },
  }
}

export type PipelinesService = ReturnType<typeof createPipelinesService>
