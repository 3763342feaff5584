import { type SearchMiddleware, stripSearchParams } from '@tanstack/react-router'
import {
  enumSearchParamOr,
  isoDateSearchParam,
  listSearchParam,
  looseSearchSchema,
  pageSearchParam,
  patternSearchParam,
  periodSearchParam,
  type SearchOutput,
  textSearchParam,
} from '@/lib/search-params'

const SORT_FIELDS = ['name', 'amount', 'close_date', 'last_activity_at', 'created_at'] as const

/** `amount` or `-amount` (descending), as the deal list's orderBy; kept as text (see sortOf). */
const sortSearchParam = patternSearchParam(new RegExp(`^-?(${SORT_FIELDS.join('|')})$`))

// Spec §2's filters, plus how they are shown: the view (board by default), the table's page and order.
export const pipelineOverviewSearch = looseSearchSchema({
  pipeline: textSearchParam,
  stages: listSearchParam,
  searchQuery: textSearchParam,
  period: periodSearchParam,
  startDate: isoDateSearchParam,
  endDate: isoDateSearchParam,
  owner: textSearchParam,
  statuses: listSearchParam,
  staleness: listSearchParam,
  view: enumSearchParamOr(['board', 'table'], 'board'),
  sort: sortSearchParam,
  page: pageSearchParam,
})
export type PipelineOverviewSearch = SearchOutput<typeof pipelineOverviewSearch>

/** What the URL holds for each search value: lists comma-joined, the sort as orderBy. */
export type SearchChanges = Partial<
  Record<keyof PipelineOverviewSearch, string | number | undefined>
>

/** A list as the URL spells it: comma-joined, and left out when empty. */
export const listText = (items: readonly string[] | undefined) =>
  items && items.length > 0 ? items.join(',') : undefined

/**
 * Spec §9: lists are comma-separated in the URL. The router writes the parsed search (arrays) back
 * as JSON, so the lists are spelled out again after it; page 1 and the board are the defaults.
 */
export const pipelineOverviewSearchMiddlewares: SearchMiddleware<PipelineOverviewSearch>[] = [
  ({ search, next }) => {
    const result = next(search)
    return {
      ...result,
      stages: listText(result.stages),
      statuses: listText(result.statuses),
      staleness: listText(result.staleness),
    } as unknown as PipelineOverviewSearch
  },
  stripSearchParams<PipelineOverviewSearch>({ view: 'board', page: 1 }),
]
