import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { pipelineQueryOptions } from '@/entities/pipeline/api/get-pipeline'
import {
  dropCachedPipeline,
  refreshAfterPipelineWrite,
  restorePipelineCache,
} from '@/entities/pipeline/api/pipeline-cache'

/** DELETE /v1/pipelines/{id}; a pipeline that still has deals answers 409 pipeline_has_deals. */
export const deletePipeline = (pipelineId: string) =>
  apiRequest<void>(`/v1/pipelines/${encodeURIComponent(pipelineId)}`, { method: 'DELETE' })

export const useDeletePipeline = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePipeline,
    onMutate: (pipelineId) => dropCachedPipeline(queryClient, pipelineId),
    onError: (_error, _pipelineId, snapshot) => restorePipelineCache(queryClient, snapshot),
    onSuccess: (_nothing, pipelineId) =>
      queryClient.removeQueries({ queryKey: pipelineQueryOptions(pipelineId).queryKey }),
    onSettled: () => refreshAfterPipelineWrite(queryClient),
  })
}
