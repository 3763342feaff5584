import { knownStageIds } from '@/entities/pipeline/lib/known-stage-ids'
import { applyPeriod, DEFAULT_PERIOD, isPeriod, type Period } from '@/lib/dates/periods'
import { currentPipeline } from '@/stores/current-pipeline'

/** Spec §3: the dashboard filter state. */
export const ALL_STAGES = 'All Stages'
export type DashboardTab = 'actions' | 'progress'

export interface DashboardFilters {
  currentPipelineId: string | null
  selectedStages: string[]
  searchInput: string
  selectedPeriod: Period
  customStartDate: string | null
  customEndDate: string | null
  ownerId: string | null
  selectedStatuses: string[]
  activeTab: DashboardTab
}

/** The deal statuses a dashboard can filter on (DESIGN §5). */
export const DEAL_STATUSES = ['open', 'won', 'lost'] as const
export type DealStatusFilter = (typeof DEAL_STATUSES)[number]

/**
 * The deal statuses among `values`, in their usual order; anything else (a hand-edited URL,
 * storage of an older version) is dropped rather than shown and sent as a filter of no deal.
 */
export function knownStatuses(values: readonly unknown[]): DealStatusFilter[] {
  return DEAL_STATUSES.filter((status) => values.includes(status))
}

/**
 * The selected stages that are stages of the pipeline shown (`stageIds`, knownStageIds); All
 * Stages when none is.
 */
export function knownStages(selected: readonly string[], stageIds: readonly string[]): string[] {
  if (selected.includes(ALL_STAGES)) return [ALL_STAGES]
  const known = knownStageIds(selected, stageIds)
  return known.length > 0 ? known : [ALL_STAGES]
}

export const DEFAULT_DASHBOARD_FILTERS: DashboardFilters = {
  currentPipelineId: null,
  selectedStages: [ALL_STAGES],
  searchInput: '',
  selectedPeriod: DEFAULT_PERIOD,
  customStartDate: null,
  customEndDate: null,
  ownerId: null,
  selectedStatuses: [],
  activeTab: 'actions',
}

/**
 * Spec §4 stage selection: 'All Stages' selects only itself; a stage chosen while All is selected
 * replaces it; toggling a selected stage removes it; removing the last falls back to All Stages.
 */
export function toggleStage(selected: string[], stage: string): string[] {
  if (stage === ALL_STAGES) return [ALL_STAGES]
  if (selected.includes(ALL_STAGES)) return [stage]
  if (selected.includes(stage)) {
    const remaining = selected.filter((id) => id !== stage)
    return remaining.length > 0 ? remaining : [ALL_STAGES]
  }
  return [...selected, stage]
}

/** Spec §4: changing pipeline resets the stages to All. */
export function selectPipeline(
  filters: DashboardFilters,
  pipelineId: string | null,
): DashboardFilters {
  return { ...filters, currentPipelineId: pipelineId, selectedStages: [ALL_STAGES] }
}

export function selectPeriod(
  filters: DashboardFilters,
  period: Period,
  today?: Date,
): DashboardFilters {
  return applyPeriod(filters, period, today)
}

/** The search params of spec §2: dashboard_* keys, comma lists, and the tab only when not 'actions'. */
export type DashboardSearch = Partial<Record<`dashboard_${string}`, string>>

export function filtersToSearch(filters: DashboardFilters): DashboardSearch {
  const stages = filters.selectedStages.filter((stage) => stage !== ALL_STAGES)
  const search: DashboardSearch = {
    dashboard_pipeline: filters.currentPipelineId ?? undefined,
    dashboard_stages: stages.length > 0 ? stages.join(',') : undefined,
    dashboard_search: filters.searchInput || undefined,
    dashboard_period:
      filters.selectedPeriod === DEFAULT_PERIOD ? undefined : filters.selectedPeriod,
    dashboard_startDate: filters.customStartDate ?? undefined,
    dashboard_endDate: filters.customEndDate ?? undefined,
    dashboard_owner: filters.ownerId ?? undefined,
    dashboard_statuses:
      filters.selectedStatuses.length > 0 ? filters.selectedStatuses.join(',') : undefined,
    dashboard_tab: filters.activeTab === 'actions' ? undefined : filters.activeTab,
  }
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined))
}

/**
 * Spec §2: values in the URL win over `stored`, which fills in what the URL leaves out
 * (filtersFromUrl says what that is: the defaults, or storage for a URL naming no filter). Spec §4
 * holds here too: the dates
 * of a period other than custom are that period's, worked out afresh (a stored "this month" is the
 * current month, and a URL's period never keeps the stored period's dates); dates the URL gives
 * without a period are manual dates, so they mean custom. Statuses a deal cannot have are dropped.
 */
export function mergeSearchIntoFilters(
  stored: DashboardFilters,
  search: DashboardSearch,
  today: Date = new Date(),
): DashboardFilters {
  const list = (value: string | undefined) => value?.split(',').filter(Boolean)
  const stages = list(search.dashboard_stages)
  // Only the statuses a deal can have: a list of none of them names no statuses.
  const statuses = knownStatuses(list(search.dashboard_statuses) ?? [])
  const period = search.dashboard_period
  const tab = search.dashboard_tab
  const urlDates =
    search.dashboard_startDate !== undefined || search.dashboard_endDate !== undefined
  const merged: DashboardFilters = {
    currentPipelineId: search.dashboard_pipeline ?? stored.currentPipelineId,
    selectedStages: stages && stages.length > 0 ? stages : stored.selectedStages,
    searchInput: search.dashboard_search ?? stored.searchInput,
    selectedPeriod: isPeriod(period) ? period : urlDates ? 'custom' : stored.selectedPeriod,
    customStartDate: search.dashboard_startDate ?? stored.customStartDate,
    customEndDate: search.dashboard_endDate ?? stored.customEndDate,
    ownerId: search.dashboard_owner ?? stored.ownerId,
    selectedStatuses: statuses.length > 0 ? statuses : knownStatuses(stored.selectedStatuses),
    activeTab: tab === 'actions' || tab === 'progress' ? tab : stored.activeTab,
  }
  return applyPeriod(merged, merged.selectedPeriod, today)
}

/** A pipeline as the URL's filters are checked against it: whether it is active, its stages. */
export interface FilterPipeline {
  id: string
  active: boolean
  stages: readonly { stage_id: string }[]
}

/** Whether a search names any of the filters (a dashboard_* value). */
export const namesFilters = (search: DashboardSearch): boolean =>
  Object.values(search).some((value) => value !== undefined && value !== '')

/**
 * The filters a URL stands for (spec §2), against the user's `pipelines`. A URL that names any
 * filter names them all: a key it leaves out is that filter's default, so that the URL of a history
 * entry (Back, Forward) or of a shared link shows the same filters to anyone. Only a URL that names
 * none (the sidebar's link) shows `current`, the filters kept in storage. The pipeline it leaves out
 * is the one chosen app-wide.
 *
 * What the URL names that cannot be shown is dropped: a pipeline that is not one of the user's
 * active ones (a stale or mistyped link; the chosen one stays) and its stages, stages that are not
 * the shown pipeline's, statuses a deal cannot have. The pipeline shown is filled in.
 */
export function filtersFromUrl(
  current: DashboardFilters,
  search: DashboardSearch,
  pipelines: readonly FilterPipeline[],
  today: Date = new Date(),
): DashboardFilters {
  const base = namesFilters(search)
    ? { ...DEFAULT_DASHBOARD_FILTERS, currentPipelineId: current.currentPipelineId }
    : current
  const read = mergeSearchIntoFilters(base, search, today)
  const unknown =
    search.dashboard_pipeline !== undefined &&
    !pipelines.some((pipeline) => pipeline.active && pipeline.id === search.dashboard_pipeline)
  // Nor are its stages, which belong to it.
  const chosen = unknown
    ? { ...read, currentPipelineId: current.currentPipelineId, selectedStages: [ALL_STAGES] }
    : read
  const shown = currentPipeline([...pipelines], chosen.currentPipelineId)
  if (!shown) return chosen
  const stageIds = shown.stages.map((stage) => stage.stage_id)
  return {
    ...chosen,
    currentPipelineId: shown.id,
    selectedStages: knownStages(chosen.selectedStages, stageIds),
  }
}
