import type { ActionInput, Pipeline } from '@dealcoach/contracts/pipelines'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { withActions } from '../utils/action-edits'
import {
  patchCachedPipeline,
  pipelineWriteKey,
  refreshAfterPipelineWrite,
  restorePipelineCache,
  storePipeline,
} from '@/entities/pipeline/api/pipeline-cache'

/**
 * Spec §7: PUT /v1/pipelines/{id}/actions with the full action list: an entry with action_id
 * updates that action, one without adds one, and an action left out is deleted.
 */
export const replaceActions = (pipelineId: string, actions: ActionInput[]) =>
  apiRequest<Pipeline>(`/v1/pipelines/${encodeURIComponent(pipelineId)}/actions`, {
    method: 'PUT',
    body: actions,
  })

export const useReplaceActions = (pipelineId: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: pipelineWriteKey(pipelineId),
    mutationFn: (actions: ActionInput[]) => replaceActions(pipelineId, actions),
    onMutate: (actions) =>
      patchCachedPipeline(queryClient, pipelineId, (pipeline) => withActions(pipeline, actions)),
    onError: (_error, _actions, snapshot) => restorePipelineCache(queryClient, snapshot),
    onSuccess: (pipeline) => storePipeline(queryClient, pipeline),
    onSettled: () => refreshAfterPipelineWrite(queryClient),
  })
}
