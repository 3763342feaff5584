import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { DealsResponse } from '@/entities/deal/api/types'
import { countDeals } from '@/entities/deal/api/deals-api'
import { apiRequest } from '@/lib/api-client'
import { dealListQuery, type DealFilters } from '../lib/deal-filters'

// The pipeline overview's deal lists (spec §7 GET /v1/deals): a board column per stage, the table,
// and a one-row count. Their keys start with 'deals', so every deal write's invalidation reaches them.

/** Spec §9: the pipeline deal list reads 100 deals a page. */
export const BOARD_PAGE_SIZE = 100
export const TABLE_PAGE_SIZE = 30

export const filteredDealKeys = {
  board: (pipelineId: string) => ['deals', 'board', pipelineId] as const,
  column: (pipelineId: string, stageId: string, filters: DealFilters) =>
    ['deals', 'board', pipelineId, stageId, filters] as const,
  table: (pipelineId: string, filters: DealFilters, page: number, orderBy: string | undefined) =>
    ['deals', 'table', pipelineId, filters, page, orderBy] as const,
  count: (pipelineId: string, filters: DealFilters) =>
    ['deals', 'count', pipelineId, filters] as const,
}

function fetchDeals(
  pipelineId: string,
  filters: DealFilters,
  extra: Record<string, string | undefined>,
  signal?: AbortSignal,
) {
  const query = dealListQuery(pipelineId, filters)
  for (const [name, value] of Object.entries(extra)) if (value) query.set(name, value)
  return apiRequest<DealsResponse>(`/v1/deals?${query.toString()}`, { signal })
}

// The stage selection decides which columns show, not what a column holds: it stays out of the key.
const withoutStages = ({ stages: _stages, ...filters }: DealFilters): DealFilters => filters

const columnQueryOptions = (pipelineId: string, stageId: string, filters: DealFilters) =>
  infiniteQueryOptions({
    queryKey: filteredDealKeys.column(pipelineId, stageId, filters),
    queryFn: ({ pageParam, signal }) =>
      fetchDeals(
        pipelineId,
        { ...filters, stages: [stageId] },
        { includes: 'owner,assessment', page: String(pageParam), perPage: String(BOARD_PAGE_SIZE) },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page * last.pagination.page_size < last.pagination.total
        ? last.pagination.page + 1
        : undefined,
  })

/** One stage's deals, 100 at a time, with their owner and assessment for the cards. */
export const stageDealsQueryOptions = (pipelineId: string, stageId: string, filters: DealFilters) =>
  columnQueryOptions(pipelineId, stageId, withoutStages(filters))

/** A page of the table, in the order asked for (`amount`, `-amount`, …). */
export const tableDealsQueryOptions = (
  pipelineId: string,
  filters: DealFilters,
  page: number,
  orderBy: string | undefined,
) =>
  queryOptions({
    queryKey: filteredDealKeys.table(pipelineId, filters, page, orderBy),
    queryFn: ({ signal }) =>
      fetchDeals(
        pipelineId,
        filters,
        {
          includes: 'stage,owner,assessment',
          page: String(page),
          perPage: String(TABLE_PAGE_SIZE),
          orderBy,
        },
        signal,
      ),
    // The rows stay while the next page or order loads, so the table does not jump.
    placeholderData: keepPreviousData,
  })

/** How many deals match: one row is read, the total is what counts. */
export const dealCountQueryOptions = (pipelineId: string, filters: DealFilters) =>
  queryOptions({
    queryKey: filteredDealKeys.count(pipelineId, filters),
    queryFn: ({ signal }) => countDeals(dealListQuery(pipelineId, filters), signal),
    // A change of filters keeps the board up until the new count says what to show.
    placeholderData: keepPreviousData,
  })
