import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import type { Deal, DealInput, DealsResponse } from './types'

export const DEALS_PAGE_SIZE = 20

export interface DealListParams {
  pipelineId: string
  searchQuery?: string
  page: number
}

export const dealKeys = {
  all: ['deals'] as const,
  list: (params: DealListParams) => ['deals', 'list', params] as const,
  one: (dealId: string) => ['deals', 'one', dealId] as const,
}

function dealListPath({ pipelineId, searchQuery, page }: DealListParams) {
  const query = new URLSearchParams({
    'pipeline_id.eq': pipelineId,
    includes: 'stage,owner',
    page: String(page),
    per_page: String(DEALS_PAGE_SIZE),
  })
  if (searchQuery) query.set('name.ilike', searchQuery)
  return `/v1/deals?${query.toString()}`
}

export const dealsQueryOptions = (params: DealListParams) =>
  queryOptions({
    queryKey: dealKeys.list(params),
    queryFn: () => apiRequest<DealsResponse>(dealListPath(params)),
  })

export const dealQueryOptions = (dealId: string) =>
  queryOptions({
    queryKey: dealKeys.one(dealId),
    queryFn: () =>
      apiRequest<Deal>(`/v1/deals/${encodeURIComponent(dealId)}?includes=stage,owner,contacts`),
  })

export const useDeal = (dealId: string) => useQuery(dealQueryOptions(dealId))

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
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
