import type { Pipeline } from './pipeline.js'
import type { ActionRow, PipelineRow, StageRow } from './pipelines.repository.js'

function groupByPipeline<T extends { pipelineId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const group = groups.get(row.pipelineId)
    if (group) group.push(row)
    else groups.set(row.pipelineId, [row])
  }
  return groups
}

/**
 * Pipelines with their stages and actions, from the rows of three queries; the stage and action
 * rows arrive in the order the pipeline shows them.
 */
export function assemblePipelines(
  pipelines: readonly PipelineRow[],
  stageRows: readonly StageRow[],
  actionRows: readonly ActionRow[],
): Pipeline[] {
  const stagesOf = groupByPipeline(stageRows)
  const actionsOf = groupByPipeline(actionRows)
  return pipelines.map((pipeline) => ({
    id: pipeline.id,
    name: pipeline.name,
    active: pipeline.active,
    remoteId: pipeline.remoteId,
    createdAt: pipeline.createdAt,
    updatedAt: pipeline.updatedAt,
    stages: (stagesOf.get(pipeline.id) ?? []).map((stage) => ({
      id: stage.id,
      name: stage.name,
      position: stage.position,
      remoteStageId: stage.remoteStageId,
    })),
    actions: (actionsOf.get(pipeline.id) ?? []).map((action) => ({
      id: action.id,
      stageId: action.stageId,
      name: action.name,
      description: action.description,
      position: action.position,
    })),
  }))
}
