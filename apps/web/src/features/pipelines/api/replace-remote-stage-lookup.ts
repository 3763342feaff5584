import type { Pipeline, ReplaceRemoteStageLookupBody } from '@dealcoach/contracts/pipelines'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import {
  pipelineWriteKey,
  refreshAfterPipelineWrite,
  storePipeline,
} from '@/entities/pipeline/api/pipeline-cache'

/**
 * Spec §7: PUT /v1/pipelines/{id}/remote-stage-lookup. Each entry sets a stage's id in the CRM
 * (null unlinks it); stages not listed keep theirs.
 */
export const replaceRemoteStageLookup = (pipelineId: string, body: ReplaceRemoteStageLookupBody) =>
  apiRequest<Pipeline>(`/v1/pipelines/${encodeURIComponent(pipelineId)}/remote-stage-lookup`, {
    method: 'PUT',
    body,
  })

/** Not optimistic: the dialog that sends it stays open until the server keeps the change. */
export const useReplaceRemoteStageLookup = (pipelineId: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: pipelineWriteKey(pipelineId),
    mutationFn: (body: ReplaceRemoteStageLookupBody) => replaceRemoteStageLookup(pipelineId, body),
    onSuccess: (pipeline) => storePipeline(queryClient, pipeline),
    onSettled: () => refreshAfterPipelineWrite(queryClient),
  })
}
