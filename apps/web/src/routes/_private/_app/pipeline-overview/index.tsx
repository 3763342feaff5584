import {
  createFileRoute,
  Link,
  type SearchMiddleware,
  stripSearchParams,
  useNavigate,
} from '@tanstack/react-router'
import { useCallback, useEffect, useRef } from 'react'
import * as z from 'zod/mini'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import type { Deal } from '@/entities/deal/api/types'
import { pipelinesQueryOptions, usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { AnalysisProgressBanner } from '@/features/analysis/components/analysis-progress-banner'
import { ALL_STAGES, toggleStage } from '@/features/dashboard/stores/dashboard-filters'
import type { DealSort } from '@/features/deals/components/deals-list'
import { PipelineOverview } from '@/features/deals/components/pipeline-overview'
import type { DealFilters } from '@/features/deals/lib/deal-filters'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'
import { leaveFailureToPage } from '@/lib/query-client'
import { useCurrentPipeline, useCurrentPipelineStore } from '@/stores/current-pipeline'
import {
  isoDateSearchParam,
  listSearchParam,
  pageSearchParam,
  periodSearchParam,
  textSearchParam,
} from '@/lib/search-params'

const SORT_FIELDS = ['name', 'amount', 'close_date', 'last_activity_at'] as const

/** `amount` or `-amount` (descending), as the deal list's orderBy; kept as text (see sortOf). */
const sortSearchParam = z.catch(
  z.optional(z.string().check(z.regex(new RegExp(`^-?(${SORT_FIELDS.join('|')})$`)))),
  undefined,
)

const sortOf = (value: string | undefined): DealSort | undefined =>
  value
    ? { field: value.replace(/^-/, '') as DealSort['field'], descending: value.startsWith('-') }
    : undefined

// Spec §2's filters, plus how they are shown: the view (board by default), the table's page and order.
export const pipelineOverviewSearch = z.looseObject({
  pipeline: textSearchParam,
  stages: listSearchParam,
  searchQuery: textSearchParam,
  period: periodSearchParam,
  startDate: isoDateSearchParam,
  endDate: isoDateSearchParam,
  owner: textSearchParam,
  statuses: listSearchParam,
  view: z.catch(z._default(z.enum(['board', 'table']), 'board'), 'board'),
  sort: sortSearchParam,
  page: pageSearchParam,
})
export type PipelineOverviewSearch = z.output<typeof pipelineOverviewSearch>

/** What the URL holds for each search value: lists comma-joined, the sort as orderBy. */
export type SearchChanges = Partial<
  Record<keyof PipelineOverviewSearch, string | number | undefined>
>

const listText = (items: readonly string[] | undefined) =>
  items && items.length > 0 ? items.join(',') : undefined

const sortText = (sort: DealSort | undefined) =>
  sort ? `${sort.descending ? '-' : ''}${sort.field}` : undefined

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
    } as unknown as PipelineOverviewSearch
  },
  stripSearchParams<PipelineOverviewSearch>({ view: 'board', page: 1 }),
]

export const Route = createFileRoute('/_private/_app/pipeline-overview/')({
  validateSearch: pipelineOverviewSearch,
  search: { middlewares: pipelineOverviewSearchMiddlewares },
  // The filters change what the page shows, not what it loads: changing one reruns no loader.
  loaderDeps: () => ({}),
  loader: async ({ context }) => {
    await Promise.all([
      loadNamespaces('dashboard', 'deals'),
      // Whether there is a pipeline at all decides what the empty page asks for.
      context.queryClient.ensureQueryData(pipelinesQueryOptions()).catch(leaveFailureToPage),
    ])
  },
  pendingComponent: pendingPage('table'),
  component: PipelineOverviewPage,
})

function PipelineOverviewPage() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const changeSearch = useCallback(
    (changes: SearchChanges, replace = false) =>
      void navigate({
        search: ((previous: Record<string, unknown>) => ({ ...previous, ...changes })) as never,
        replace,
      }),
    [navigate],
  )
  return <PipelineOverviewScreen search={search} changeSearch={changeSearch} />
}

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

  const filters: DealFilters = {
    stages: search.stages,
    searchQuery: search.searchQuery,
    period: search.period,
    startDate: search.startDate,
    endDate: search.endDate,
    owner: search.owner,
    statuses: search.statuses,
  }
  const selectedStages = search.stages ?? [ALL_STAGES]
  // A filter change starts the table again from its first page.
  const onFiltersChange = useCallback(
    (changes: Partial<DealFilters>) => {
      const { stages, statuses, ...rest } = changes
      changeSearch(
        {
          ...rest,
          ...('stages' in changes ? { stages: listText(stages) } : {}),
          ...('statuses' in changes ? { statuses: listText(statuses) } : {}),
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
              <Link to="/configure/pipelines/">{t('pipeline_overview.create_pipeline')}</Link>
            ) : undefined
          }
        />
      ) : current ? (
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
