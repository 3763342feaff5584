import { useEffect } from 'react'
import {
  type DashboardFilters,
  type DashboardSearch,
  filtersToSearch,
  mergeSearchIntoFilters,
} from '../stores/dashboard-filters'
import { useDashboardFilters } from '../stores/dashboard-filters-store'

/** A search's dashboard_* values in a fixed order, to compare two searches. */
export function dashboardSearchKey(search: DashboardSearch): string {
  const entries = Object.entries(search)
    .filter(([key, value]) => key.startsWith('dashboard_') && value !== undefined && value !== '')
    .map(([key, value]) => [key, String(value)])
    .sort(([a], [b]) => (a ?? '').localeCompare(b ?? ''))
  return JSON.stringify(entries)
}

const filtersKey = (filters: DashboardFilters) => dashboardSearchKey(filtersToSearch(filters))

/**
 * Keeps the dashboard filters and the URL's dashboard_* values in step (spec §2). A URL that
 * differs from the filters — on load, or on back and forward — wins and is merged into them
 * (values it leaves out keep the stored ones); a change of the filters is then written back to the
 * URL, replacing the entry so that every keystroke in the search box is not a step of history.
 *
 * Both wait for `pipelines`, the user's pipelines: a pipeline the URL names that is not one of
 * their active ones (a stale or mistyped link) is not chosen, nor are its stages: the pipeline
 * already chosen stays.
 */
export function useDashboardUrlSync(
  search: DashboardSearch,
  writeSearch: (next: DashboardSearch) => void,
  pipelines: readonly { id: string; active: boolean }[] | undefined,
) {
  const searchKey = dashboardSearchKey(search)
  const storeKey = useDashboardFilters(filtersKey)
  const ready = pipelines !== undefined

  useEffect(() => {
    if (!pipelines) return
    const state = useDashboardFilters.getState()
    if (searchKey === filtersKey(state)) return
    const merged = mergeSearchIntoFilters(state, search)
    const unknown =
      search.dashboard_pipeline !== undefined &&
      !pipelines.some((pipeline) => pipeline.active && pipeline.id === search.dashboard_pipeline)
    // Nor are its stages, which belong to it.
    const { currentPipelineId, selectedStages } = state
    state.replace(unknown ? { ...merged, currentPipelineId, selectedStages } : merged)
    // Only a new URL is read: `search` changes identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchKey, ready])

  useEffect(() => {
    if (!ready) return
    // Read afresh: the effect above may just have merged the URL into the filters.
    const filters = useDashboardFilters.getState()
    if (filtersKey(filters) === searchKey) return
    writeSearch(filtersToSearch(filters))
    // Written when the filters change; the URL's own changes are read above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storeKey, ready])
}

/** The route's own plain params (spec §2), read when no dashboard_* key says otherwise. */
export interface PlainDashboardSearch {
  pipeline?: string
  stages?: string[]
  searchQuery?: string
  period?: string
  tab?: string
}

type DashboardKey =
  | 'pipeline'
  | 'stages'
  | 'search'
  | 'period'
  | 'startDate'
  | 'endDate'
  | 'owner'
  | 'statuses'
  | 'tab'

/** What the route's search holds of the filters. */
export type RouteFilterSearch = PlainDashboardSearch & {
  [K in DashboardKey as `dashboard_${K}`]?: string
}

const PLAIN_KEYS = ['pipeline', 'stages', 'searchQuery', 'period', 'tab'] as const

/** The filters the URL names: its dashboard_* keys, or else the route's plain params. */
export function filterSearchOf(search: RouteFilterSearch): DashboardSearch {
  const entries: [string, string | undefined][] = [
    ['dashboard_pipeline', search.dashboard_pipeline ?? search.pipeline],
    ['dashboard_stages', search.dashboard_stages ?? search.stages?.join(',')],
    ['dashboard_search', search.dashboard_search ?? search.searchQuery],
    ['dashboard_period', search.dashboard_period ?? search.period],
    ['dashboard_startDate', search.dashboard_startDate],
    ['dashboard_endDate', search.dashboard_endDate],
    ['dashboard_owner', search.dashboard_owner],
    ['dashboard_statuses', search.dashboard_statuses],
    ['dashboard_tab', search.dashboard_tab ?? search.tab],
  ]
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined))
}

/** The URL's search with the filters replaced by `next`: dashboard_* keys only, others kept. */
export function withDashboardSearch<S extends object>(previous: S, next: DashboardSearch): S {
  const kept = Object.entries(previous).filter(
    ([key]) => !key.startsWith('dashboard_') && !(PLAIN_KEYS as readonly string[]).includes(key),
  )
  return { ...Object.fromEntries(kept), ...next } as S
}
