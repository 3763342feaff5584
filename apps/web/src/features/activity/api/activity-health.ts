import type { ActivityHealthStats } from '@dealcoach/contracts/deal-activity'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

/**
 * Spec §7: GET /v1/pipelines/{id}/activity-health-stats — how recently the pipeline's open deals
 * were active, overall and per stage; with an owner, only that owner's deals, as the page's
 * owner filter shows the rest of the page.
 */
export const getActivityHealth = (
  pipelineId: string,
  ownerId: string | undefined,
  signal?: AbortSignal,
) => {
  const query = ownerId ? `?${new URLSearchParams({ owner_id: ownerId }).toString()}` : ''
  return apiRequest<ActivityHealthStats>(
    `/v1/pipelines/${encodeURIComponent(pipelineId)}/activity-health-stats${query}`,
    { signal },
  )
}

export const activityHealthQueryOptions = (pipelineId: string, ownerId?: string) =>
  queryOptions({
    queryKey: ['activity-health', pipelineId, ownerId ?? null] as const,
    queryFn: ({ signal }) => getActivityHealth(pipelineId, ownerId, signal),
  })

export const useActivityHealth = (pipelineId: string, ownerId?: string) =>
  useQuery(activityHealthQueryOptions(pipelineId, ownerId))
