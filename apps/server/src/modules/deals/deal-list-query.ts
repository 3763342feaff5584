import {
  DEAL_FILTER_FIELDS,
  type DealInclude,
  type DealOrder,
  DEALS_DEFAULT_PAGE_SIZE,
  type DealStatus,
} from '@dealcoach/contracts/deals'
import {
  type FilterClause,
  filterClauses,
  type FilterOperator,
} from '@dealcoach/contracts/list-query'
import type { DealListQuery } from './deals.service.js'

/** The parsed list query; the loose schema's index signature hides its own keys' types. */
export interface DealsQuery extends Record<string, unknown> {
  pipelineId?: string
  stageIds?: string[]
  ownerId?: string
  closeDateGte?: string
  closeDateLte?: string
  statuses?: DealStatus[]
  searchQuery?: string
  page: number
  perPage?: number
  per_page?: number
  orderBy?: DealOrder
  order_by?: DealOrder
  direction?: 'asc' | 'desc'
  includes?: DealInclude[]
}

/** The spec's camelCase parameters and the filter each one is another spelling of. */
const CAMEL_CASE_FILTERS: readonly [keyof DealsQuery, string, FilterOperator][] = [
  ['pipelineId', 'pipeline_id', 'eq'],
  ['stageIds', 'stage_id', 'in'],
  ['ownerId', 'owner_id', 'eq'],
  ['closeDateGte', 'close_date', 'gte'],
  ['closeDateLte', 'close_date', 'lte'],
  ['statuses', 'status', 'in'],
  ['searchQuery', 'name', 'ilike'],
]

/**
 * One list query from both spellings of DESIGN §5: `pipelineId` is `pipeline_id.eq`, `stageIds`
 * is `stage_id.in`, and so on. Given twice, the filter form wins.
 */
export function toDealListQuery(query: DealsQuery): DealListQuery {
  const clauses: FilterClause[] = filterClauses(DEAL_FILTER_FIELDS, query)
  const has = (field: string, operator: FilterOperator) =>
    clauses.some((clause) => clause.field === field && clause.operator === operator)
  for (const [parameter, field, operator] of CAMEL_CASE_FILTERS) {
    const value = query[parameter]
    // A search of only spaces is trimmed to nothing, which filters nothing (spec §5).
    if (value === undefined || value === '' || has(field, operator)) continue
    clauses.push({ field, operator, value })
  }
  const order = query.order_by ?? query.orderBy
  return {
    clauses,
    ...(order && {
      order: { field: order.field, descending: order.descending || query.direction === 'desc' },
    }),
    page: {
      page: query.page,
      pageSize: query.per_page ?? query.perPage ?? DEALS_DEFAULT_PAGE_SIZE,
    },
    includes: query.includes ?? [],
  }
}
