import type { DealActivityResponse } from '@dealcoach/contracts/deal-activity'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

/** GET /v1/deals/{id}/activity: the deal's engagements in time order with their action results. */
export const getDealActivity = (dealId: string) =>
  apiRequest<DealActivityResponse>(`/v1/deals/${encodeURIComponent(dealId)}/activity`)

export const dealActivityQueryOptions = (dealId: string) =>
  queryOptions({
    queryKey: ['deal-activity', dealId] as const,
    queryFn: () => getDealActivity(dealId),
  })

export const useDealActivity = (dealId: string) => useQuery(dealActivityQueryOptions(dealId))
