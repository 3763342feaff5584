import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import type { Deal, DealInput } from './types'

export const dealKeys = {
  all: ['deals'] as const,
  one: (dealId: string) => ['deals', 'one', dealId] as const,
}

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
