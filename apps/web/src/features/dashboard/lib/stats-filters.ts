import { addDays, differenceInCalendarDays, subDays } from 'date-fns'
import { parseIsoDate, toIsoDate } from '@/lib/dates/iso-date'
import { isReversedRange, periodIsoDates } from '@/lib/dates/periods'
import {
  ALL_STAGES,
  type DashboardFilters,
  type DealStatusFilter,
  knownStatuses,
} from '../stores/dashboard-filters'

/** The filters as the stats calls read them: every value checked against what the page knows. */
export interface StatsFilters {
  pipelineId: string
  stageIds: string[]
  ownerId: string | null
  statuses: DealStatusFilter[]
  searchQuery: string
  /** yyyy-MM-dd, inclusive; null when the period is open on that side. */
  startDate: string | null
  endDate: string | null
}

/** The period's dates: a preset's range around today, the typed dates for custom, none for all time. */
export function periodDates(
  filters: Pick<DashboardFilters, 'selectedPeriod' | 'customStartDate' | 'customEndDate'>,
  today: Date = new Date(),
): { startDate: string | null; endDate: string | null } {
  if (filters.selectedPeriod === 'custom') {
    return { startDate: filters.customStartDate, endDate: filters.customEndDate }
  }
  return periodIsoDates(filters.selectedPeriod, today) ?? { startDate: null, endDate: null }
}

/**
 * The stats filters of `filters` in `pipeline`. Stages of another pipeline (kept from an older
 * URL or storage) are dropped rather than sent: they would select nothing without saying why.
 */
export function statsFiltersOf(
  filters: DashboardFilters,
  pipeline: { id: string; stages: readonly { stage_id: string }[] },
  today: Date = new Date(),
): StatsFilters {
  const known = new Set(pipeline.stages.map((stage) => stage.stage_id))
  const { startDate, endDate } = periodDates(filters, today)
  // Dates typed the wrong way round (a hand-edited URL: the period filter applies none) are no
  // range: the filter says so at the end date, and the stats read every date meanwhile.
  const reversed = isReversedRange(startDate, endDate)
  return {
    pipelineId: pipeline.id,
    stageIds: filters.selectedStages.filter((stage) => stage !== ALL_STAGES && known.has(stage)),
    ownerId: filters.ownerId,
    statuses: knownStatuses(filters.selectedStatuses),
    searchQuery: filters.searchInput.trim(),
    startDate: reversed ? null : startDate,
    endDate: reversed ? null : endDate,
  }
}

/** The deal filters in the camelCase spelling of GET /v1/deals; empty values are left out (spec §5). */
export function dealFilterParams(filters: StatsFilters): URLSearchParams {
  const params = new URLSearchParams({ pipelineId: filters.pipelineId })
  if (filters.stageIds.length > 0) params.set('stageIds', filters.stageIds.join(','))
  if (filters.ownerId) params.set('ownerId', filters.ownerId)
  if (filters.statuses.length > 0) params.set('statuses', filters.statuses.join(','))
  if (filters.searchQuery) params.set('searchQuery', filters.searchQuery)
  return params
}

/** The pipeline activity call covers at most this many days (the server's ACTIVITY_MAX_DAYS). */
export const ACTIVITY_MAX_DAYS = 366

/**
 * The activity window for a period: its own days, clipped to the last ACTIVITY_MAX_DAYS of it;
 * an open period reads the year up to today.
 */
export function activityWindow(
  filters: Pick<StatsFilters, 'startDate' | 'endDate'>,
  today: Date = new Date(),
): { startDate: string; endDate: string; clipped: boolean } {
  const end = (filters.endDate && parseIsoDate(filters.endDate)) || today
  const start =
    (filters.startDate && parseIsoDate(filters.startDate)) || subDays(end, ACTIVITY_MAX_DAYS - 1)
  const span = differenceInCalendarDays(end, start) + 1
  const clipped = span > ACTIVITY_MAX_DAYS
  const first = clipped ? addDays(end, -(ACTIVITY_MAX_DAYS - 1)) : start
  return {
    startDate: toIsoDate(first),
    endDate: toIsoDate(end),
    clipped: clipped || !filters.startDate,
  }
}
