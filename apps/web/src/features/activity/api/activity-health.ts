import type { ActivityHealthStats } from '@dealcoach/contracts/deal-activity'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

/**
 * Spec §7: GET /v1/pipelines/{id}/activity-health-stats — how recently the pipeline's open deals
 * were active, overall and per stage.
 */
export const getActivityHealth = (pipelineId: string, signal?: AbortSignal) =>
  apiRequest<ActivityHealthStats>(
    `/v1/pipelines/${encodeURIComponent(pipelineId)}/activity-health-stats`,
    { signal },
  )

export const activityHealthQueryOptions = (pipelineId: string) =>
  queryOptions({
    queryKey: ['activity-health', pipelineId] as const,
    queryFn: ({ signal }) => getActivityHealth(pipelineId, signal),
  })

export const useActivityHealth = (pipelineId: string) =>
  useQuery(activityHealthQueryOptions(pipelineId))
