import type { DealOwnersResponse } from '@dealcoach/contracts/users'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

/** Spec §9: deal owners are listed 100 at a time; the filter offers the first page. */
export const DEAL_OWNERS_PAGE_SIZE = 100

export const listDealOwners = () =>
  apiRequest<DealOwnersResponse>(`/v1/users/deal-owners?page=1&per_page=${DEAL_OWNERS_PAGE_SIZE}`)

export const dealOwnersQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'deal-owners'], queryFn: listDealOwners })

export const useDealOwners = () => useQuery(dealOwnersQueryOptions())
