import { deepEqual, Link } from '@tanstack/react-router'
import { useCallback, useEffect, useEffectEvent, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import type { Deal } from '@/entities/deal/api/types'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { AnalysisProgressBanner } from '@/features/analysis/components/analysis-progress-banner'
import { ALL_STAGES, toggleStage } from '@/features/dashboard/stores/dashboard-filters'
import type { DealSort } from '@/features/deals/components/deals-list'
import { PipelineOverview } from '@/features/deals/components/pipeline-overview'
import { useDealOwners } from '@/features/deals/api/list-deal-owners'
import {
  type DealFilters,
  FILTER_KEYS,
  type KnownFilterValues,
  knownDealFilters,
} from '@/features/deals/lib/deal-filters'
import { readAccessTokenClaims } from '@/lib/access-token'
import { useCurrentPipeline, useCurrentPipelineStore } from '@/stores/current-pipeline'
import {
  listText,
  type PipelineOverviewSearch,
  type SearchChanges,
} from './-pipeline-overview-search'

// Kept out of the route file: what a route file exports is bundled with the route tree, which
// every page loads, so the board and its table would load on the login page too.

const sortOf = (value: string | undefined): DealSort | undefined =>
  value
    ? { field: value.replace(/^-/, '') as DealSort['field'], descending: value.startsWith('-') }
    : undefined

const sortText = (sort: DealSort | undefined) =>
  sort ? `${sort.descending ? '-' : ''}${sort.field}` : undefined

/** The page under its URL: `search` as parsed, `changeSearch` writes changes back to the URL. */
export function PipelineOverviewScreen({
  search,
  changeSearch,
}: {
  search: PipelineOverviewSearch
  changeSearch: (changes: SearchChanges, replace?: boolean) => void
}) {
  const { t } = useTranslation('dashboard')
  const pipelines = usePipelines()
  const models = pipelines.data?.models ?? []
  const hasPipeline = models.some((pipeline) => pipeline.active)
  const current = useCurrentPipeline(models)
  const claims = readAccessTokenClaims()
  useSyncPipeline(models, current?.id, search.pipeline, changeSearch)
  const owners = useDealOwners()
  // An owner named in the URL is not asked for until it is known to be one.
  const ownerPending = search.owner !== undefined && owners.isPending
  const ownerList = owners.data
  const known: KnownFilterValues = {
    stageIds: current?.stages.map((stage) => stage.stage_id) ?? [],
    ownerIds:
      ownerList && ownerList.models.length >= ownerList.pagination.total
        ? ownerList.models.map((owner) => owner.id)
        : undefined,
  }

  // What the URL names that cannot be a filter is neither shown nor asked for; the period is
  // spelled out as its filter shows it.
  const filters: DealFilters = knownDealFilters(
    {
      stages: search.stages,
      searchQuery: search.searchQuery,
      period: search.period,
      startDate: search.startDate,
      endDate: search.endDate,
      owner: search.owner,
      statuses: search.statuses,
      staleness: search.staleness,
    },
    known,
  )
  useNormalisedUrl(
    search,
    filters,
    current !== undefined && search.pipeline === current.id && !ownerPending,
    changeSearch,
  )
  const selectedStages = filters.stages ?? [ALL_STAGES]
  // A filter change starts the table again from its first page.
  const onFiltersChange = useCallback(
    (changes: Partial<DealFilters>) => {
      const { stages, statuses, staleness, ...rest } = changes
      changeSearch(
        {
          ...rest,
          ...('stages' in changes ? { stages: listText(stages) } : {}),
          ...('statuses' in changes ? { statuses: listText(statuses) } : {}),
          ...('staleness' in changes ? { staleness: listText(staleness) } : {}),
          page: undefined,
        },
        'searchQuery' in changes,
      )
    },
    [changeSearch],
  )
  const onToggleStage = (stage: string) => {
    const next = toggleStage(selectedStages, stage)
    onFiltersChange({ stages: next.includes(ALL_STAGES) ? undefined : next })
  }
  const onClear = () =>
    changeSearch({
      stages: undefined,
      searchQuery: undefined,
      period: undefined,
      startDate: undefined,
      endDate: undefined,
      owner: undefined,
      statuses: undefined,
      staleness: undefined,
      page: undefined,
    })
  // Admins may move any deal, members their own (the server answers 403 otherwise).
  const canMove = useCallback(
    (deal: Deal) => claims?.role === 'admin' || (!!claims && deal.owner_id === claims.sub),
    [claims],
  )
  const isAdmin = claims?.role === 'admin'

  return (
    <>
      <PageHeader
        title={t('pipeline_overview.title')}
        description={t('pipeline_overview.description')}
      />
      {pipelines.isSuccess && !hasPipeline ? (
        // Deals live in a pipeline: with none, the first step is creating one (admins can).
        <EmptyState
          icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
          title={t('pipeline_overview.no_pipeline_title')}
          description={
            isAdmin
              ? t('pipeline_overview.no_pipeline_description')
              : t('pipeline_overview.no_pipeline_description_member')
          }
          action={
            isAdmin ? (
              <Link to="/configure/pipelines/">{t('pipeline_overview.configure_pipelines')}</Link>
            ) : undefined
          }
        />
      ) : current && !ownerPending ? (
        <>
          <AnalysisProgressBanner />
          <PipelineOverview
            key={current.id}
            pipelineId={current.id}
            stages={current.stages.map((stage) => ({ id: stage.stage_id, name: stage.name }))}
            filters={filters}
            view={search.view}
            page={search.page}
            sort={sortOf(search.sort)}
            selectedStages={selectedStages}
            allStages={ALL_STAGES}
            onToggleStage={onToggleStage}
            onClear={onClear}
            onFiltersChange={onFiltersChange}
            onViewChange={(view) => changeSearch({ view, page: undefined })}
            onPage={(page) => changeSearch({ page })}
            onSort={(sort) => changeSearch({ sort: sortText(sort), page: undefined })}
            canMove={canMove}
          />
        </>
      ) : null}
    </>
  )
}

/**
 * The URL's `pipeline` and the header's pipeline picker stay one choice: a pipeline named in the
 * URL (a shared link, the back button) becomes the current one; a pipeline picked in the header is
 * written to the URL, and, as spec §4 says of a pipeline change, the stages go back to All.
 */
function useSyncPipeline(
  pipelines: readonly { id: string; active: boolean }[],
  currentId: string | undefined,
  urlPipeline: string | undefined,
  changeSearch: (changes: SearchChanges, replace?: boolean) => void,
) {
  const setPipelineId = useCurrentPipelineStore((state) => state.setPipelineId)
  const synced = useRef<string | undefined | null>(null)
  useEffect(() => {
    if (!currentId) return
    const urlNamesActive = pipelines.some(
      (pipeline) => pipeline.active && pipeline.id === urlPipeline,
    )
    if (urlPipeline !== synced.current && urlNamesActive) {
      synced.current = urlPipeline
      if (urlPipeline !== currentId) setPipelineId(urlPipeline ?? null)
      return
    }
    if (currentId === urlPipeline) return
    const changed = synced.current !== null && synced.current !== undefined
    synced.current = currentId
    changeSearch(
      changed
        ? { pipeline: currentId, stages: undefined, page: undefined }
        : { pipeline: currentId },
      true,
    )
  }, [pipelines, currentId, urlPipeline, setPipelineId, changeSearch])
}

/** A filter as the URL spells it: lists comma-joined. */
const urlText = (value: DealFilters[keyof DealFilters]) =>
  Array.isArray(value) ? listText(value) : value

/**
 * Puts the URL right once the page can read it (`ready`: its pipeline is the one shown, the owners
 * are known): the filters it names that cannot be (`filters` leaves them out) go, and the period is
 * written as its filter writes it (a stale preset's dates worked out afresh, dates without a
 * period as custom). The entry is replaced: Back does not lead to the URL the page would not show.
 */
function useNormalisedUrl(
  search: PipelineOverviewSearch,
  filters: DealFilters,
  ready: boolean,
  changeSearch: (changes: SearchChanges, replace?: boolean) => void,
) {
  const write = useEffectEvent((changes: SearchChanges) => changeSearch(changes, true))
  // The changes last written: the renders before the URL has them must not write them again. A
  // page that was not ready meanwhile (another pipeline shown) writes them afresh.
  const written = useRef<SearchChanges | null>(null)
  useEffect(() => {
    if (!ready) {
      written.current = null
      return
    }
    // Each filter whose text differs, with the URL's text; undefined removes the key.
    const changes: SearchChanges = Object.fromEntries(
      FILTER_KEYS.filter((key) => urlText(search[key]) !== urlText(filters[key])).map((key) => [
        key,
        urlText(filters[key]),
      ]),
    )
    if (Object.keys(changes).length === 0) {
      written.current = null
      return
    }
    // Compared key by key, a key to remove (undefined) included.
    if (written.current && deepEqual(written.current, changes, false, true)) return
    written.current = changes
    write(changes)
  }, [ready, search, filters])
}
