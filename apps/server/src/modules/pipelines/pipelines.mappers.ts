import type { Pipeline as PipelineBody, PipelinesResponse } from '@dealcoach/contracts/pipelines'
import { type PageOf, type PageRequest, paginationOf } from '../../lib/pagination.js'
import type { Pipeline } from './pipeline.js'

export function toPipelineBody(pipeline: Pipeline): PipelineBody {
  return {
    id: pipeline.id,
    name: pipeline.name,
    active: pipeline.active,
    remote_id: pipeline.remoteId,
    created_at: pipeline.createdAt.toISOString(),
    updated_at: pipeline.updatedAt.toISOString(),
    stages: pipeline.stages.map((stage) => ({
      stage_id: stage.id,
      name: stage.name,
      position: stage.position,
      remote_stage_id: stage.remoteStageId,
    })),
    actions: pipeline.actions.map((action) => ({
      action_id: action.id,
      stage_id: action.stageId,
      name: action.name,
      description: action.description,
      position: action.position,
    })),
  }
}

export function toPipelinesBody(page: PageOf<Pipeline>, request: PageRequest): PipelinesResponse {
  return { models: page.rows.map(toPipelineBody), pagination: paginationOf(request, page.total) }
}
