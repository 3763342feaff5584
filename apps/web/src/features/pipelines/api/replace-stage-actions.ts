import type { Pipeline, ReplaceStageActionsBody } from '@dealcoach/contracts/pipelines'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import {
  pipelineWriteKey,
  refreshAfterPipelineWrite,
  storePipeline,
} from '@/entities/pipeline/api/pipeline-cache'

/**
 * Spec §7: PUT /v1/pipelines/{id}/stage-actions. Each entry puts its actions in its stage, in
 * order; an action no entry lists is left without a stage.
 */
export const replaceStageActions = (pipelineId: string, body: ReplaceStageActionsBody) =>
  apiRequest<Pipeline>(`/v1/pipelines/${encodeURIComponent(pipelineId)}/stage-actions`, {
    method: 'PUT',
    body,
  })

/** Not optimistic: the dialog that sends it stays open until the server keeps the change. */
export const useReplaceStageActions = (pipelineId: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: pipelineWriteKey(pipelineId),
    mutationFn: (body: ReplaceStageActionsBody) => replaceStageActions(pipelineId, body),
    onSuccess: (pipeline) => storePipeline(queryClient, pipeline),
    onSettled: () => refreshAfterPipelineWrite(queryClient),
  })
}
