import type { ActionCompletionStats } from '@dealcoach/contracts/deal-stats'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { dealFilterParams, type StatsFilters } from '../lib/stats-filters'
import { DASHBOARD_KEY, statsCache, statsRequest } from './stats-request'

/** Spec §9: the completion stats ask for 999 entries. */
export const COMPLETION_STATS_PAGE_SIZE = 999

/**
 * Spec §7: GET /v1/deals/action-completion-stats with the filters, closeDateGte and closeDateLte.
 * The dashboard's period is a period of close dates, for this chart as for the playbook and the
 * confidence: all three count the same deals. The optional start_date/end_date (a window of the
 * results' own dates) is not sent, so the chart shows those deals' results whenever they came.
 */
export function actionCompletionStatsPath(filters: StatsFilters): string {
  const params = dealFilterParams(filters)
  if (filters.startDate) params.set('closeDateGte', filters.startDate)
  if (filters.endDate) params.set('closeDateLte', filters.endDate)
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
