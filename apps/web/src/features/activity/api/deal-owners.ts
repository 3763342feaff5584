import type { DealOwnersResponse } from '@dealcoach/contracts/users'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

/** Spec §9: deal owners are read 100 at a time; the owner filter offers the first 100. */
const DEAL_OWNERS_PAGE_SIZE = 100

export const activityOwnersQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'deal-owners', 'activity'] as const,
    queryFn: ({ signal }) =>
      apiRequest<DealOwnersResponse>(
        `/v1/users/deal-owners?page=1&per_page=${DEAL_OWNERS_PAGE_SIZE}`,
        { signal },
      ),
  })

export const useActivityOwners = () => useQuery(activityOwnersQueryOptions())
