import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { analysisKeys } from './analysis-api'
import type { Deal, DealInput, DealsResponse } from './types'

export const dealKeys = {
  all: ['deals'] as const,
  one: (dealId: string) => ['deals', 'one', dealId] as const,
  /** The deal's contacts with how they engaged: a call added or removed changes them. */
  contacts: (dealId: string) => ['deals', 'contacts', dealId] as const,
}

export const dealQueryOptions = (dealId: string) =>
  queryOptions({
    queryKey: dealKeys.one(dealId),
    queryFn: () =>
      apiRequest<Deal>(`/v1/deals/${encodeURIComponent(dealId)}?includes=stage,owner,contacts`),
  })

export const useDeal = (dealId: string) => useQuery(dealQueryOptions(dealId))

/** How many deals GET /v1/deals finds for `query` (its filters): one row is read, its total kept. */
export function countDeals(query: URLSearchParams, signal?: AbortSignal): Promise<number> {
  const counted = new URLSearchParams(query)
  counted.set('perPage', '1')
  return apiRequest<DealsResponse>(`/v1/deals?${counted.toString()}`, { signal }).then(
    (answer) => answer.pagination.total,
  )
}

export function useCreateDeal() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: DealInput) =>
      apiRequest<Deal>('/v1/deals', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  })
}

export function useUpdateDeal(dealId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: Partial<DealInput>) =>
      apiRequest<Deal>(`/v1/deals/${encodeURIComponent(dealId)}`, { method: 'PATCH', body: input }),
    // A change to the stage, status, close date or contacts queues the deal's re-analysis on the
    // server; reading the analysis again shows it running (and polls it) until it is done.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dealKeys.all }),
        queryClient.invalidateQueries({ queryKey: analysisKeys.ofDeal(dealId) }),
        queryClient.invalidateQueries({ queryKey: analysisKeys.progress }),
      ]),
  })
}

export function useDeleteDeal(dealId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiRequest<void>(`/v1/deals/${encodeURIComponent(dealId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  })
}
