import type { Pipeline, StageInput } from '@dealcoach/contracts/pipelines'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { withStages } from '../utils/stage-edits'
import {
  patchCachedPipeline,
  pipelineWriteKey,
  refreshAfterPipelineWrite,
  restorePipelineCache,
  storePipeline,
} from '@/entities/pipeline/api/pipeline-cache'

export interface ReplaceStagesVariables {
  /** Every stage to keep, in order; a stage without stage_id is added. */
  stages: StageInput[]
  /** For a removed stage that still has deals: removed stage id → the stage that receives them. */
  moveDealsTo?: Record<string, string>
}

/**
 * PUT /v1/pipelines/{id}/stages. The spec's bare list, or {stages, move_deals_to} when a removed
 * stage's deals must go somewhere (without it the server answers 409 stage_has_deals).
 */
export const replaceStages = (
  pipelineId: string,
  { stages, moveDealsTo }: ReplaceStagesVariables,
) =>
  apiRequest<Pipeline>(`/v1/pipelines/${encodeURIComponent(pipelineId)}/stages`, {
    method: 'PUT',
    body: moveDealsTo ? { stages, move_deals_to: moveDealsTo } : stages,
  })

export const useReplaceStages = (pipelineId: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: pipelineWriteKey(pipelineId),
    mutationFn: (variables: ReplaceStagesVariables) => replaceStages(pipelineId, variables),
    onMutate: ({ stages }) =>
      patchCachedPipeline(queryClient, pipelineId, (pipeline) => withStages(pipeline, stages)),
    onError: (_error, _variables, snapshot) => restorePipelineCache(queryClient, snapshot),
    onSuccess: (pipeline) => storePipeline(queryClient, pipeline),
    onSettled: () => refreshAfterPipelineWrite(queryClient),
  })
}
