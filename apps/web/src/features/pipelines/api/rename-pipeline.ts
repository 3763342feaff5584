import type { Pipeline, UpdatePipelineBody } from '@dealcoach/contracts/pipelines'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { refreshAfterPipelineWrite, storePipeline } from '@/entities/pipeline/api/pipeline-cache'

/** PATCH /v1/pipelines/{id}: a new name, unique in the organisation (409 pipeline_name_taken). */
export const renamePipeline = ({
  pipelineId,
  ...body
}: UpdatePipelineBody & { pipelineId: string }) =>
  apiRequest<Pipeline>(`/v1/pipelines/${encodeURIComponent(pipelineId)}`, {
    method: 'PATCH',
    body,
  })

export const useRenamePipeline = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: renamePipeline,
    // Not optimistic: a taken name is refused, and the dialog shows why at the field.
    onSuccess: (pipeline) => storePipeline(queryClient, pipeline),
    onSettled: () => refreshAfterPipelineWrite(queryClient),
  })
}
