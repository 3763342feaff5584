import type {
  CommonObjections,
  ObjectionAnalysisList,
  ObjectionFeedbackList,
  ObjectionHandlingStats,
} from '@dealcoach/contracts/objection-analysis'
import type { DealOwnersResponse } from '@dealcoach/contracts/users'
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query'
import {
  OBJECTION_REPORT_KEY,
  useObjectionTypeChoices,
} from '@/entities/objection/api/objection-feedback-api'
import { apiRequest } from '@/lib/api-client'
import { dashboardStatsCache } from '@/lib/query-client'
import { quoteParams, type ReportFilters, reportParams } from '../lib/report-filters'

// Every query of the report starts with this key, which the corrections (an entity) refresh.
export { OBJECTION_REPORT_KEY }

/** The drill-down's page (spec §9: 30 by default) and the best answers shown per type. */
export const QUOTES_PAGE_SIZE = 30
export const BEST_ANSWERS_COUNT = 5

/** Spec §8: a report call that fails is logged, and the failure passed on to whoever shows it. */
async function reportRequest<T>(path: string, what: string): Promise<T> {
  try {
    return await apiRequest<T>(path)
  } catch (error) {
    console.warn(`The ${what} could not be loaded.`, error)
    throw error
  }
}

export const commonObjectionsQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: [...OBJECTION_REPORT_KEY, 'common', filters],
    queryFn: async () => {
      const path = `/v1/objections/common-objections-analysis?${reportParams(filters).toString()}`
      return (await reportRequest<{ data: CommonObjections }>(path, 'objection report')).data
    },
    // A report, like the dashboard's statistics (spec §9).
    ...dashboardStatsCache,
  })

export const useCommonObjections = (filters: ReportFilters) =>
  useQuery({ ...commonObjectionsQueryOptions(filters), placeholderData: keepPreviousData })

export const handlingStatsQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: [...OBJECTION_REPORT_KEY, 'handling-stats', filters],
    queryFn: async () => {
      const path = `/v1/objections/analysis/handling-stats?${reportParams(filters).toString()}`
      return (await reportRequest<{ data: ObjectionHandlingStats }>(path, 'handling per rep')).data
    },
    ...dashboardStatsCache,
  })

export const useHandlingStats = (filters: ReportFilters) =>
  useQuery({ ...handlingStatsQueryOptions(filters), placeholderData: keepPreviousData })

/** The quotes of one type, newest first, a page at a time. */
export const quotesQueryOptions = (filters: ReportFilters, typeId: string) =>
  infiniteQueryOptions({
    queryKey: [...OBJECTION_REPORT_KEY, 'quotes', filters, typeId],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => {
      const params = quoteParams(filters, typeId)
      params.set('page', String(pageParam))
      params.set('page_size', String(QUOTES_PAGE_SIZE))
      return reportRequest<ObjectionAnalysisList>(
        `/v1/objections/analysis?${params.toString()}`,
        'objection quotes',
      )
    },
    getNextPageParam: (last) =>
      last.pagination.page * last.pagination.page_size < last.pagination.total
        ? last.pagination.page + 1
        : undefined,
    ...dashboardStatsCache,
  })

export const useQuotes = (filters: ReportFilters, typeId: string) =>
  useInfiniteQuery(quotesQueryOptions(filters, typeId))

/** The replies that handled the type best: handled ones by handling score, best first. */
export const bestAnswersQueryOptions = (filters: ReportFilters, typeId: string) =>
  queryOptions({
    queryKey: [...OBJECTION_REPORT_KEY, 'best-answers', filters, typeId],
    queryFn: () => {
      const params = quoteParams(filters, typeId)
      params.set('handled.eq', 'true')
      params.set('order_by', 'handling_score')
      params.set('direction', 'desc')
      params.set('page_size', String(BEST_ANSWERS_COUNT))
      return reportRequest<ObjectionAnalysisList>(
        `/v1/objections/analysis?${params.toString()}`,
        'best answers',
      )
    },
    ...dashboardStatsCache,
  })

export const useBestAnswers = (filters: ReportFilters, typeId: string) =>
  useQuery(bestAnswersQueryOptions(filters, typeId))

/** The organisation's corrections, newest first (the first page of 30). */
export const correctionsQueryOptions = () =>
  queryOptions({
    queryKey: [...OBJECTION_REPORT_KEY, 'corrections'],
    queryFn: () =>
      reportRequest<ObjectionFeedbackList>('/v1/objections/feedback?page=1', 'corrections'),
  })

export const useCorrections = () => useQuery(correctionsQueryOptions())

/** The types a user may filter on: the ones a quote may be filed under. */
export const useReportTypes = useObjectionTypeChoices

/** Spec §9: deal owners are listed 100 at a time; the filter offers the first page. */
export const dealOwnersQueryOptions = () =>
  queryOptions({
    // The dashboard's key: the same list, fetched once.
    queryKey: ['users', 'deal-owners'],
    queryFn: () => apiRequest<DealOwnersResponse>('/v1/users/deal-owners?page=1&per_page=100'),
  })

export const useDealOwners = () => useQuery(dealOwnersQueryOptions())
