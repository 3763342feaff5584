import { queryOptions, useQuery } from '@tanstack/react-query'
import { countDeals } from '@/entities/deal/api/deals-api'

/**
 * How many deals a stage holds: GET /v1/deals narrowed to the stage, one row asked for, its
 * total read. Removing a stage asks it first, so that where the deals go is chosen before the
 * PUT rather than after a 409 stage_has_deals. Never served stale: deals move all the time.
 */
export const stageDealCountQueryOptions = (pipelineId: string, stageId: string) =>
  queryOptions({
    queryKey: ['deals', 'stage-count', pipelineId, stageId],
    queryFn: ({ signal }) =>
      countDeals(new URLSearchParams({ pipelineId, stageIds: stageId }), signal),
    staleTime: 0,
    gcTime: 0,
  })

export const useStageDealCount = (pipelineId: string, stageId: string) =>
  useQuery(stageDealCountQueryOptions(pipelineId, stageId))
