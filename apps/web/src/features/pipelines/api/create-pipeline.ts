import type { CreatePipelineBody, Pipeline } from '@dealcoach/contracts/pipelines'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { refreshAfterPipelineWrite, storePipeline } from '@/entities/pipeline/api/pipeline-cache'

/** POST /v1/pipelines: blank, or with a sales framework's stages and playbook actions. */
export const createPipeline = (body: CreatePipelineBody) =>
  apiRequest<Pipeline>('/v1/pipelines', { method: 'POST', body })

export const useCreatePipeline = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createPipeline,
    // No optimistic row: the new pipeline's id and stages come from the server, and the dialog
    // stays open (showing progress) until it answers.
    onSuccess: (pipeline) => storePipeline(queryClient, pipeline),
    onSettled: () => refreshAfterPipelineWrite(queryClient),
  })
}
