import { useEffect, useRef } from 'react'
import {
  type DashboardFilters,
  type DashboardSearch,
  type FilterPipeline,
  filtersFromUrl,
  filtersToSearch,
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
 * Writes the filters to the URL's dashboard_* keys: `replace` the current history entry, or push
 * a new one.
 */
export type WriteDashboardSearch = (next: DashboardSearch, replace: boolean) => void

/**
 * Keeps the dashboard filters and the URL's dashboard_* values in step (spec §2), so that Back and
 * Forward step through the filters.
 *
 * A URL the filters did not write (a load, a link, Back or Forward) is read as filtersFromUrl says:
 * the filters it names, the defaults for those it leaves out, the stored ones only when it names
 * none. What reading it changes (the pipeline shown filled in, what cannot be shown dropped, a
 * preset's dates worked out afresh) replaces the entry: the URL is put right, not a step of history.
 * A change of the filters (a filter chosen, the tab) is pushed as a new entry.
 *
 * Both wait for `pipelines`, the user's pipelines, against which the URL is read.
 */
export function useDashboardUrlSync(
  search: DashboardSearch,
  writeSearch: WriteDashboardSearch,
  pipelines: readonly FilterPipeline[] | undefined,
) {
  const searchKey = dashboardSearchKey(search)
  const storeKey = useDashboardFilters(filtersKey)
  const ready = pipelines !== undefined
  // The filters' keys written to the URL, oldest first, that the URL has not shown yet: the router
  // shows a navigation a moment later, after which the filters may have moved on.
  const written = useRef<string[]>([])
  // The key the URL has or is about to have: what the filters were last read from or written as.
  const latest = useRef<string | null>(null)

  useEffect(() => {
    if (!pipelines) return
    const pending = written.current.indexOf(searchKey)
    if (pending >= 0) {
      // One of the filters' own writes: the filters are it, or have moved on to a later write.
      written.current = written.current.slice(pending + 1)
      return
    }
    written.current = []
    const state = useDashboardFilters.getState()
    latest.current = searchKey
    if (searchKey === filtersKey(state)) return
    const read = filtersFromUrl(state, search, pipelines)
    const readKey = filtersKey(read)
    latest.current = readKey
    state.replace(read)
    if (readKey !== searchKey) {
      written.current = [readKey]
      writeSearch(filtersToSearch(read), true)
    }
    // Only a new URL is read: `search` changes identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchKey, ready])

  useEffect(() => {
    if (!ready) return
    // Read afresh: the effect above may just have read the URL into the filters.
    const filters = useDashboardFilters.getState()
    const key = filtersKey(filters)
    if (key === latest.current) return
    latest.current = key
    written.current = [...written.current, key]
    writeSearch(filtersToSearch(filters), false)
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
