import { createFileRoute, Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import * as z from 'zod/mini'
import { ErrorPage } from '@/components/layout/error-page'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { currentPipeline } from '@/features/dashboard/stores/dashboard-filters'
import { useDashboardFilters } from '@/features/dashboard/stores/dashboard-filters-store'
import { pipelinesQueryOptions, usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { loadNamespaces } from '@/lib/i18n'
import { textSearchParam } from '@/lib/search-params'

const tabSearchParam = z.catch(z.optional(z.enum(['actions', 'progress'])), undefined)

const dashboardSearch = z.looseObject({
  pipeline: textSearchParam,
  stages: textSearchParam,
  searchQuery: textSearchParam,
  period: textSearchParam,
  tab: tabSearchParam,
  dashboard_pipeline: textSearchParam,
  dashboard_stages: textSearchParam,
  dashboard_search: textSearchParam,
  dashboard_period: textSearchParam,
  dashboard_startDate: textSearchParam,
  dashboard_endDate: textSearchParam,
  dashboard_owner: textSearchParam,
  dashboard_statuses: textSearchParam,
  dashboard_tab: tabSearchParam,
})

export const Route = createFileRoute('/_private/_app/dashboard/')({
  validateSearch: dashboardSearch,
  loader: async ({ context }) => {
    await Promise.all([
      loadNamespaces('dashboard'),
      context.queryClient.ensureQueryData(pipelinesQueryOptions()),
    ])
  },
  component: DashboardPage,
  // Spec §2: the dashboard has its own error view; trying again resets the filters.
  errorComponent: () => (
    <ErrorPage variant="dashboard" onReset={() => useDashboardFilters.getState().reset()} />
  ),
})

function DashboardPage() {
  const { t } = useTranslation('dashboard')
  const pipelines = usePipelines()
  const currentPipelineId = useDashboardFilters((state) => state.currentPipelineId)
  const pipeline = currentPipeline(pipelines.data?.models ?? [], currentPipelineId)
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
      <EmptyState
        icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
        title={t('dashboard.empty_title')}
        description={t('dashboard.empty_description')}
        action={<Link to="/configure/pipelines/">{t('dashboard.configure_pipelines')}</Link>}
      />
    </>
  )
}
