import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorPage } from '@/components/layout/error-page'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import { pipelinesQueryOptions, usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { AnalysisProgressBanner } from '@/features/analysis/components/analysis-progress-banner'
import { actionStatsQueryOptions } from '@/features/dashboard/api/action-stats'
import { confidenceStatsQueryOptions } from '@/features/dashboard/api/confidence-stats'
import { dealOwnersQueryOptions } from '@/features/dashboard/api/deal-owners'
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen'
import {
  filterSearchOf,
  withDashboardSearch,
} from '@/features/dashboard/hooks/use-dashboard-url-sync'
import { statsFiltersOf } from '@/features/dashboard/lib/stats-filters'
import { type DashboardSearch, filtersFromUrl } from '@/features/dashboard/stores/dashboard-filters'
import { useDashboardFilters } from '@/features/dashboard/stores/dashboard-filters-store'
import { getAccessToken } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'
import {
  enumSearchParam,
  isoDateSearchParam,
  listSearchParam,
  looseSearchSchema,
  periodSearchParam,
  textSearchParam,
} from '@/lib/search-params'
import { currentPipeline, useCurrentPipeline } from '@/stores/current-pipeline'

const tabSearchParam = enumSearchParam(['actions', 'progress'])

// Spec §2: the route's own params, and the filters kept in the URL under dashboard_* keys, whose
// lists stay comma-separated text (dashboard-filters.ts reads and writes them).
const dashboardSearch = looseSearchSchema({
  pipeline: textSearchParam,
  stages: listSearchParam,
  searchQuery: textSearchParam,
  period: periodSearchParam,
  tab: tabSearchParam,
  dashboard_pipeline: textSearchParam,
  dashboard_stages: textSearchParam,
  dashboard_search: textSearchParam,
  dashboard_period: periodSearchParam,
  dashboard_startDate: isoDateSearchParam,
  dashboard_endDate: isoDateSearchParam,
  dashboard_owner: textSearchParam,
  dashboard_statuses: textSearchParam,
  dashboard_tab: tabSearchParam,
})

export const Route = createFileRoute('/_private/_app/dashboard/')({
  validateSearch: dashboardSearch,
  // The filters change what the page shows, not what it loads: changing one reruns no loader.
  loaderDeps: () => ({}),
  loader: async ({ context, location }) => {
    const [, pipelines] = await Promise.all([
      loadNamespaces('dashboard', 'deals'),
      context.queryClient.ensureQueryData(pipelinesQueryOptions()),
    ])
    // Spec §6: the dashboard's data is fetched ahead only once the session check has passed
    // (the private layout's beforeLoad, which runs first); without a token nothing is asked.
    if (!getAccessToken()) return
    const filters = filtersFromUrl(
      useDashboardFilters.getState(),
      filterSearchOf(location.search),
      pipelines.models,
    )
    const pipeline = currentPipeline(pipelines.models, filters.currentPipelineId)
    if (!pipeline) return
    const stats = statsFiltersOf(filters, pipeline)
    // Not awaited: the page draws its own placeholders, and a failure is the page's to show.
    void context.queryClient.prefetchQuery(actionStatsQueryOptions(stats))
    void context.queryClient.prefetchQuery(confidenceStatsQueryOptions(stats))
    void context.queryClient.prefetchQuery(dealOwnersQueryOptions())
  },
  pendingComponent: pendingPage('cards'),
  component: DashboardPage,
  // Spec §2: the dashboard has its own error view; trying again resets the filters.
  errorComponent: () => (
    <ErrorPage variant="dashboard" onReset={() => useDashboardFilters.getState().reset()} />
  ),
})

function DashboardPage() {
  const { t } = useTranslation('dashboard')
  const pipelines = usePipelines()
  const pipeline = useCurrentPipeline(pipelines.data?.models ?? [])
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const writeSearch = useCallback(
    (next: DashboardSearch, replace: boolean) =>
      void navigate({ search: (previous) => withDashboardSearch(previous, next), replace }),
    [navigate],
  )
  // No header over the no-pipelines page, which has its own.
  const noPipelines = pipelines.isSuccess && !pipeline

  return (
    <>
      {noPipelines ? null : (
        <>
          <PageHeader
            title={t('dashboard.title')}
            description={
              pipeline
                ? t('dashboard.description_for', { pipeline: pipeline.name })
                : t('dashboard.description')
            }
          />
          <AnalysisProgressBanner />
        </>
      )}
      <DashboardScreen
        search={filterSearchOf(search)}
        writeSearch={writeSearch}
        // Members may add deals too: the way forward is the same for everyone.
        addDeal={<Link to="/pipeline-overview/">{t('dashboard.add_deal')}</Link>}
      />
    </>
  )
}
