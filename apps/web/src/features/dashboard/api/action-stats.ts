import type { ActionProgress, ActionStats } from '@dealcoach/contracts/deal-stats'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { dealFilterParams, type StatsFilters } from '../lib/stats-filters'
import { DASHBOARD_KEY, statsCache, statsRequest } from './stats-request'

/** How many deals one cell lists at once. */
export const CELL_DEALS_PAGE_SIZE = 25

export interface ActionCell {
  actionId: string
  progress: ActionProgress
}

/** Spec §7: GET /v1/deals/action-stats with the filters plus close_date.gte and close_date.lte. */
export function actionStatsPath(filters: StatsFilters, cell?: ActionCell): string {
  const params = dealFilterParams(filters)
  if (filters.startDate) params.set('close_date.gte', filters.startDate)
  if (filters.endDate) params.set('close_date.lte', filters.endDate)
  if (cell) {
    params.set('action_id', cell.actionId)
    params.set('action_status', cell.progress)
    params.set('per_page', String(CELL_DEALS_PAGE_SIZE))
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

/** The deals behind one cell of the adherence table. */
export const actionCellQueryOptions = (filters: StatsFilters, cell: ActionCell) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'action-stats', filters, cell],
    queryFn: async () => {
      const path = actionStatsPath(filters, cell)
      return (await statsRequest<{ data: ActionStats }>(path, 'deals of an action')).data.cell
    },
    ...statsCache,
  })

export const useActionCell = (filters: StatsFilters, cell: ActionCell | null) =>
  useQuery({
    ...actionCellQueryOptions(filters, cell ?? { actionId: '', progress: 'completed' }),
    enabled: cell !== null,
  })
