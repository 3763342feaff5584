import {
  type ActionProgress,
  type ActionStats,
  DEAL_STATS_MAX_PAGE_SIZE,
} from '@dealcoach/contracts/deal-stats'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { dealFilterParams, type StatsFilters } from '../lib/stats-filters'
import { DASHBOARD_KEY, statsCache, statsRequest } from './stats-request'

/** How many deals one cell lists at first, and how many more each "Show more" adds. */
export const CELL_DEALS_PAGE_SIZE = 25

/** The most a cell can list: the call answers at most this many deals (spec §9). */
export const CELL_DEALS_MAX = DEAL_STATS_MAX_PAGE_SIZE

export interface ActionCell {
  actionId: string
  progress: ActionProgress
}

/** Spec §7: GET /v1/deals/action-stats with the filters plus close_date.gte and close_date.lte. */
export function actionStatsPath(
  filters: StatsFilters,
  cell?: ActionCell,
  limit: number = CELL_DEALS_PAGE_SIZE,
): string {
  const params = dealFilterParams(filters)
  if (filters.startDate) params.set('close_date.gte', filters.startDate)
  if (filters.endDate) params.set('close_date.lte', filters.endDate)
  if (cell) {
    params.set('action_id', cell.actionId)
    params.set('action_status', cell.progress)
    params.set('per_page', String(Math.min(limit, CELL_DEALS_MAX)))
  }
  return `/v1/deals/action-stats?${params.toString()}`
}

export const actionStatsQueryOptions = (filters: StatsFilters) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'action-stats', filters],
    queryFn: async () =>
      (await statsRequest<{ data: ActionStats }>(actionStatsPath(filters), 'action stats')).data,
    ...statsCache,
  })

export const useActionStats = (filters: StatsFilters) =>
  useQuery({ ...actionStatsQueryOptions(filters), placeholderData: keepPreviousData })

/**
 * The deals behind one cell of the adherence table: the first `limit`, by name. The call pages
 * by list size alone (per_page), so showing more asks for a longer list; the deals' names already
 * read stay cached.
 */
export const actionCellQueryOptions = (
  filters: StatsFilters,
  cell: ActionCell,
  limit: number = CELL_DEALS_PAGE_SIZE,
) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'action-stats', filters, cell, limit],
    queryFn: async () => {
      const path = actionStatsPath(filters, cell, limit)
      return (await statsRequest<{ data: ActionStats }>(path, 'deals of an action')).data.cell
    },
    ...statsCache,
  })

/** The cell's deals; while a longer list loads, the shorter one stays (placeholderData). */
export const useActionCell = (
  filters: StatsFilters,
  cell: ActionCell | null,
  limit: number = CELL_DEALS_PAGE_SIZE,
) =>
  useQuery({
    ...actionCellQueryOptions(filters, cell ?? { actionId: '', progress: 'completed' }, limit),
    enabled: cell !== null,
    placeholderData: keepPreviousData,
  })
