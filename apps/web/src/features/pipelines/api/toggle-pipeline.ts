import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import {
  patchCachedPipeline,
  refreshAfterPipelineWrite,
  restorePipelineCache,
  storePipeline,
} from '@/entities/pipeline/api/pipeline-cache'

/** Spec §7: PUT /v1/pipelines/{id}/toggle flips `active` and answers the pipeline. */
export const togglePipeline = (pipelineId: string) =>
  apiRequest<Pipeline>(`/v1/pipelines/${encodeURIComponent(pipelineId)}/toggle`, { method: 'PUT' })

export const useTogglePipeline = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['pipelines', 'toggle'],
    mutationFn: togglePipeline,
    onMutate: (pipelineId) =>
      patchCachedPipeline(queryClient, pipelineId, (pipeline) => ({
        ...pipeline,
        active: !pipeline.active,
      })),
    onError: (_error, _pipelineId, snapshot) => restorePipelineCache(queryClient, snapshot),
    onSuccess: (pipeline) => storePipeline(queryClient, pipeline),
    onSettled: () => refreshAfterPipelineWrite(queryClient),
  })
}
