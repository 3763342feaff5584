import { createFileRoute, Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import * as z from 'zod/mini'
import { ErrorPage } from '@/components/layout/error-page'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { pendingPage } from '@/components/layout/pending-page'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { pipelinesQueryOptions, usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { AnalysisProgressBanner } from '@/features/analysis/components/analysis-progress-banner'
import { useDashboardFilters } from '@/features/dashboard/stores/dashboard-filters-store'
import { loadNamespaces } from '@/lib/i18n'
import {
  isoDateSearchParam,
  listSearchParam,
  periodSearchParam,
  textSearchParam,
} from '@/lib/search-params'
import { useCurrentPipeline } from '@/stores/current-pipeline'

const tabSearchParam = z.catch(z.optional(z.enum(['actions', 'progress'])), undefined)

// Spec §2: the route's own params, and the filters kept in the URL under dashboard_* keys, whose
// lists stay comma-separated text (dashboard-filters.ts reads and writes them).
const dashboardSearch = z.looseObject({
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
  loader: async ({ context }) => {
    await Promise.all([
      loadNamespaces('dashboard', 'deals'),
      context.queryClient.ensureQueryData(pipelinesQueryOptions()),
    ])
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
  if (pipelines.isSuccess && !pipeline) return <ErrorPage variant="no-pipelines" />

  return (
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
      <EmptyState
        icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
        title={t('dashboard.empty_title')}
        description={t('dashboard.empty_description')}
        // Members may add deals too: the way forward is the same for everyone.
        action={<Link to="/pipeline-overview/">{t('dashboard.add_deal')}</Link>}
      />
    </>
  )
}
