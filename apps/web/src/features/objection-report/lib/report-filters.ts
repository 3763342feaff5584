import { addDays } from 'date-fns'
import { parseIsoDate, toIsoDate } from '@/lib/dates/iso-date'
import { isPeriod, isReversedRange, type Period, periodIsoDates } from '@/lib/dates/periods'
import { REPORT_TABS, type ReportTab } from './report-tabs'

// The report's filters (issue 14) live in the URL under objections_* keys, the dashboard's habit
// (spec §2): the URL is what the page shows, browser storage what it comes back to.

export { REPORT_TABS, type ReportTab } from './report-tabs'

/**
 * The URL's filters. A key left out is the default: the header's current pipeline (as on the
 * dashboard), every owner and type, all time.
 */
export interface ReportSearch {
  /** A pipeline's id, or ALL_PIPELINES; left out, the header's current pipeline. */
  objections_pipeline?: string
  objections_period?: Period
  objections_startDate?: string
  objections_endDate?: string
  objections_owner?: string
  /** The type the report narrows to, whose quotes it lists. */
  objections_type?: string
  objections_tab?: ReportTab
}

export const REPORT_SEARCH_KEYS = [
  'objections_pipeline',
  'objections_period',
  'objections_startDate',
  'objections_endDate',
  'objections_owner',
  'objections_type',
  'objections_tab',
] as const satisfies readonly (keyof ReportSearch)[]

/** objections_pipeline for every pipeline, chosen in the report; no UUID can be spelt so. */
export const ALL_PIPELINES = 'all'

/** Spec §2's storage habit: the filters are kept under this name too. */
export const REPORT_FILTERS_STORAGE = 'objection-report-filters'

/** The objections_* values of a search, and nothing else; empty values are left out. */
export function reportSearchOf(search: object): ReportSearch {
  const values = search as Record<string, unknown>
  const entries = REPORT_SEARCH_KEYS.flatMap((key) => {
    const value = values[key]
    return typeof value === 'string' && value !== '' ? [[key, value] as const] : []
  })
  const picked = Object.fromEntries(entries) as ReportSearch
  if (picked.objections_period && !isPeriod(picked.objections_period)) {
    delete picked.objections_period
  }
  if (
    picked.objections_tab &&
    !(REPORT_TABS as readonly string[]).includes(picked.objections_tab)
  ) {
    delete picked.objections_tab
  }
  return picked
}

/** The same filters whatever the order of their keys, to compare two searches. */
export const reportSearchKey = (search: ReportSearch) =>
  JSON.stringify(REPORT_SEARCH_KEYS.map((key) => search[key] ?? null))

/** The URL's search with its objections_* keys replaced by `next`; other keys kept. */
export function withReportSearch<S extends object>(previous: S, next: ReportSearch): S {
  const kept = Object.entries(previous).filter(
    ([key]) => !(REPORT_SEARCH_KEYS as readonly string[]).includes(key),
  )
  return { ...Object.fromEntries(kept), ...next } as S
}

/**
 * The filters kept in browser storage, or none when there are none (or they do not read). The
 * pipeline is not among them: coming back, the report shows the header's current pipeline, as
 * the dashboard does; only the URL (a shared link, Back) brings another one back.
 */
export function storedReportSearch(): ReportSearch {
  try {
    const raw = localStorage.getItem(REPORT_FILTERS_STORAGE)
    if (!raw) return {}
    const { objections_pipeline: _pipeline, ...stored } = reportSearchOf(JSON.parse(raw) as object)
    return stored
  } catch {
    return {}
  }
}

export function storeReportSearch(search: ReportSearch) {
  try {
    localStorage.setItem(REPORT_FILTERS_STORAGE, JSON.stringify(search))
  } catch {
    // Storage full or refused (private windows): the URL still holds the filters.
  }
}

/** Whether a filter narrows the objections (the tab is where, not what). */
export const isNarrowed = (search: ReportSearch) =>
  REPORT_SEARCH_KEYS.some((key) => key !== 'objections_tab' && search[key] !== undefined)

/**
 * Whether a filter other than the pipeline narrows the objections: the period, the owner or the
 * type. An empty report with none of them says something about the pipeline, not the filters.
 */
export const isNarrowedWithinPipeline = (search: ReportSearch) =>
  REPORT_SEARCH_KEYS.some(
    (key) => key !== 'objections_tab' && key !== 'objections_pipeline' && search[key] !== undefined,
  )

/** The report's calls' view of the filters, every value checked. */
export interface ReportFilters {
  pipelineId: string | null
  ownerId: string | null
  typeId: string | null
  /** yyyy-MM-dd, inclusive; null when the period is open on that side. */
  startDate: string | null
  endDate: string | null
}

/**
 * The filters of a search. A preset period is worked out around today, so that a shared
 * "this month" link means this month when it is opened; custom dates are taken as typed, unless
 * they run backwards (a hand-edited URL: the period filter applies none), which is no range: the
 * filter says so at the end date.
 */
export function reportFiltersOf(
  search: ReportSearch,
  today: Date = new Date(),
  currentPipelineId: string | null = null,
): ReportFilters {
  const period = search.objections_period ?? 'allTime'
  let startDate: string | null = null
  let endDate: string | null = null
  if (period === 'custom') {
    startDate = validDate(search.objections_startDate)
    endDate = validDate(search.objections_endDate)
  } else {
    const dates = periodIsoDates(period, today)
    if (dates) ({ startDate, endDate } = dates)
  }
  const reversed = isReversedRange(startDate, endDate)
  return {
    pipelineId: reportPipelineOf(search, currentPipelineId),
    ownerId: search.objections_owner ?? null,
    typeId: search.objections_type ?? null,
    startDate: reversed ? null : startDate,
    endDate: reversed ? null : endDate,
  }
}

/**
 * The pipeline the report narrows to, or null for every pipeline: the one the URL names, else the
 * header's current one (`currentPipelineId`).
 */
export function reportPipelineOf(
  search: ReportSearch,
  currentPipelineId: string | null,
): string | null {
  const chosen = search.objections_pipeline ?? currentPipelineId
  return chosen === ALL_PIPELINES ? null : chosen
}

const validDate = (value: string | undefined) =>
  value !== undefined && parseIsoDate(value) !== null ? value : null

/** The deal filters in the deal list's camelCase spelling (spec §5); empty values left out. */
function dealParams(filters: ReportFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.pipelineId) params.set('pipelineId', filters.pipelineId)
  if (filters.ownerId) params.set('ownerId', filters.ownerId)
  return params
}

/**
 * The report calls' query: the deal filters, the type, and when the objections were raised as
 * engagement_timestamp.gte/.lte (the end date's whole day included).
 */
export function reportParams(filters: ReportFilters): URLSearchParams {
  const params = dealParams(filters)
  if (filters.typeId) params.set('objection_type_id.eq', filters.typeId)
  if (filters.startDate) params.set('engagement_timestamp.gte', filters.startDate)
  if (filters.endDate) params.set('engagement_timestamp.lte', `${filters.endDate}T23:59:59.999Z`)
  return params
}

/** GET /v1/objections/analysis's query for one type: created.gte and created.lt (spec §7). */
export function quoteParams(filters: ReportFilters, typeId: string): URLSearchParams {
  const params = dealParams(filters)
  params.set('objection_type_id.eq', typeId)
  if (filters.startDate) params.set('created.gte', filters.startDate)
  const end = filters.endDate ? parseIsoDate(filters.endDate) : null
  if (end) params.set('created.lt', toIsoDate(addDays(end, 1)))
  return params
}
