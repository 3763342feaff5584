import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest, HttpError } from '@/lib/api-client'

export const getPipeline = (pipelineId: string) =>
  apiRequest<Pipeline>(`/v1/pipelines/${encodeURIComponent(pipelineId)}`)

/** A 404 (unknown or another organisation's id) or 400 (not an id at all): nothing to retry. */
export const isPipelineMissing = (error: unknown) =>
  error instanceof HttpError && (error.status === 404 || error.status === 400)

export const pipelineQueryOptions = (pipelineId: string) =>
  queryOptions({
    queryKey: ['pipelines', 'detail', pipelineId],
    queryFn: () => getPipeline(pipelineId),
    retry: (failureCount, error) => !isPipelineMissing(error) && failureCount < 1,
    // The loader already asked; a missing pipeline stays missing until something invalidates it.
    retryOnMount: false,
  })

export const usePipeline = (pipelineId: string) => useQuery(pipelineQueryOptions(pipelineId))
