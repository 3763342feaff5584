import type { SalesFrameworksResponse } from '@dealcoach/contracts/sales-frameworks'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

// Three features offer the frameworks (pipelines, objection types, onboarding) and features do not
// import each other, so the call belongs to the entity.

/** What each sales framework would create: stages, playbook actions and objection types. */
export const listSalesFrameworks = () => apiRequest<SalesFrameworksResponse>('/v1/sales-frameworks')

export const salesFrameworksQueryOptions = () =>
  queryOptions({
    queryKey: ['sales-frameworks', 'list'],
    queryFn: listSalesFrameworks,
    // The templates ship with the server; they change only with a new release.
    staleTime: Infinity,
  })

export const useSalesFrameworks = () => useQuery(salesFrameworksQueryOptions())
