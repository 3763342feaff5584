import type { ActionCompletionStats } from '@dealcoach/contracts/deal-stats'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { dealFilterParams, type StatsFilters } from '../lib/stats-filters'
import { DASHBOARD_KEY, statsCache, statsRequest } from './stats-request'

/** Spec §9: the completion stats ask for 999 entries. */
export const COMPLETION_STATS_PAGE_SIZE = 999

/**
 * Spec §7: GET /v1/deals/action-completion-stats. The period is the window over which results
 * are counted (start_date/end_date), so the chart's time axis is the period itself.
 */
export function actionCompletionStatsPath(filters: StatsFilters): string {
  const params = dealFilterParams(filters)
  if (filters.startDate) params.set('start_date', filters.startDate)
  if (filters.endDate) params.set('end_date', filters.endDate)
  params.set('per_page', String(COMPLETION_STATS_PAGE_SIZE))
  return `/v1/deals/action-completion-stats?${params.toString()}`
}

export const actionCompletionStatsQueryOptions = (filters: StatsFilters) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'action-completion-stats', filters],
    queryFn: async () =>
      (
        await statsRequest<{ data: ActionCompletionStats }>(
          actionCompletionStatsPath(filters),
          'action completion stats',
        )
      ).data,
    ...statsCache,
  })

export const useActionCompletionStats = (filters: StatsFilters) =>
  useQuery({ ...actionCompletionStatsQueryOptions(filters), placeholderData: keepPreviousData })
