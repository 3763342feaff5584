import type { ConfidenceStats } from '@dealcoach/contracts/deal-stats'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { dealFilterParams, type StatsFilters } from '../lib/stats-filters'
import { DASHBOARD_KEY, statsCache, statsRequest } from './stats-request'

/** Spec §9: the confidence stats ask for 999 entries. */
export const CONFIDENCE_STATS_PAGE_SIZE = 999

/**
 * Spec §7: GET /v1/deals/confidence-stats with the filters, start_date, end_date and per_page.
 * The server reads start_date/end_date as close dates, as the other two reports read the period.
 */
export function confidenceStatsPath(filters: StatsFilters): string {
  const params = dealFilterParams(filters)
  if (filters.startDate) params.set('start_date', filters.startDate)
  if (filters.endDate) params.set('end_date', filters.endDate)
  params.set('per_page', String(CONFIDENCE_STATS_PAGE_SIZE))
  return `/v1/deals/confidence-stats?${params.toString()}`
}

export const confidenceStatsQueryOptions = (filters: StatsFilters) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'confidence-stats', filters],
    queryFn: async () =>
      (
        await statsRequest<{ data: ConfidenceStats }>(
          confidenceStatsPath(filters),
          'confidence stats',
        )
      ).data,
    ...statsCache,
  })

export const useConfidenceStats = (filters: StatsFilters) =>
  useQuery({ ...confidenceStatsQueryOptions(filters), placeholderData: keepPreviousData })
