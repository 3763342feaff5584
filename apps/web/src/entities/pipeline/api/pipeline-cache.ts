import type { Pipeline, PipelinesResponse } from '@dealcoach/contracts/pipelines'
import type { QueryClient } from '@tanstack/react-query'
import { invalidateOnboardingProgress } from '@/entities/onboarding/api/get-onboarding-checklist'
import { pipelineQueryOptions } from './get-pipeline'
import { pipelinesQueryOptions } from './list-pipelines'

/** What an optimistic write replaced, to put back if the server refuses it. */
export interface PipelineCacheSnapshot {
  pipelineId: string
  list: PipelinesResponse | undefined
  detail: Pipeline | undefined
}

/**
 * Writes to one pipeline share this mutation key: the editor waits for one to settle before
 * building the next body from the server's answer.
 */
export const pipelineWriteKey = (pipelineId: string) => ['pipelines', 'write', pipelineId] as const

const listKey = pipelinesQueryOptions().queryKey

function replaceInList(
  list: PipelinesResponse | undefined,
  pipelineId: string,
  update: (pipeline: Pipeline) => Pipeline,
): PipelinesResponse | undefined {
  if (!list) return list
  return {
    ...list,
    models: list.models.map((pipeline) =>
      pipeline.id === pipelineId ? update(pipeline) : pipeline,
    ),
  }
}

/** Applies `update` to the pipeline in the list and detail caches; answers what it replaced. */
export async function patchCachedPipeline(
  queryClient: QueryClient,
  pipelineId: string,
  update: (pipeline: Pipeline) => Pipeline,
): Promise<PipelineCacheSnapshot> {
  const detailKey = pipelineQueryOptions(pipelineId).queryKey
  // A refetch landing now would overwrite the optimistic state with the old one.
  await queryClient.cancelQueries({ queryKey: ['pipelines'] })
  const snapshot = {
    pipelineId,
    list: queryClient.getQueryData(listKey),
    detail: queryClient.getQueryData(detailKey),
  }
  if (snapshot.detail) queryClient.setQueryData(detailKey, update(snapshot.detail))
  if (snapshot.list)
    queryClient.setQueryData(listKey, replaceInList(snapshot.list, pipelineId, update))
  return snapshot
}

/** Removes a pipeline from the list cache; answers what it replaced. */
export async function dropCachedPipeline(
  queryClient: QueryClient,
  pipelineId: string,
): Promise<PipelineCacheSnapshot> {
  await queryClient.cancelQueries({ queryKey: ['pipelines'] })
  const snapshot = {
    pipelineId,
    list: queryClient.getQueryData(listKey),
    detail: queryClient.getQueryData(pipelineQueryOptions(pipelineId).queryKey),
  }
  if (snapshot.list) {
    queryClient.setQueryData(listKey, {
      ...snapshot.list,
      models: snapshot.list.models.filter((pipeline) => pipeline.id !== pipelineId),
      pagination: { ...snapshot.list.pagination, total: snapshot.list.pagination.total - 1 },
    })
  }
  return snapshot
}

/** Puts back what an optimistic write replaced. */
export function restorePipelineCache(
  queryClient: QueryClient,
  snapshot: PipelineCacheSnapshot | undefined,
) {
  if (!snapshot) return
  if (snapshot.list) queryClient.setQueryData(listKey, snapshot.list)
  if (snapshot.detail) {
    queryClient.setQueryData(pipelineQueryOptions(snapshot.pipelineId).queryKey, snapshot.detail)
  }
}

/** Stores the server's answer to a write in both caches. */
export function storePipeline(queryClient: QueryClient, pipeline: Pipeline) {
  queryClient.setQueryData(pipelineQueryOptions(pipeline.id).queryKey, pipeline)
  queryClient.setQueryData(listKey, (list) => replaceInList(list, pipeline.id, () => pipeline))
}

/**
 * After any pipeline write: the lists (the header's picker included) and the onboarding checklist,
 * whose "pipeline configured" step may have changed. Not awaited, so the write settles (and the
 * editor takes the next edit) without waiting for the refetches; the next optimistic write
 * cancels one still in flight.
 */
export function refreshAfterPipelineWrite(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['pipelines'] })
  void invalidateOnboardingProgress(queryClient)
}
