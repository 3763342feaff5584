import { createFileRoute, Link } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { useTranslation } from 'react-i18next'
import { ErrorPage } from '@/components/layout/error-page'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { useDashboardFilters } from '@/features/dashboard/stores/dashboard-filters-store'
import { loadNamespaces } from '@/lib/i18n'
import { textSearchParam } from '@/lib/search-params'

const dashboardSearch = z.looseObject({
  pipeline: textSearchParam,
  stages: textSearchParam,
  searchQuery: textSearchParam,
  period: textSearchParam,
  tab: z.catch(z.optional(z.enum(['actions', 'progress'])), undefined),
  dashboard_pipeline: textSearchParam,
  dashboard_stages: textSearchParam,
  dashboard_search: textSearchParam,
  dashboard_period: textSearchParam,
  dashboard_startDate: textSearchParam,
  dashboard_endDate: textSearchParam,
  dashboard_owner: textSearchParam,
  dashboard_statuses: textSearchParam,
  dashboard_tab: z.catch(z.optional(z.enum(['actions', 'progress'])), undefined),
})

export const Route = createFileRoute('/_private/_app/dashboard/')({
  validateSearch: dashboardSearch,
  loader: () => loadNamespaces('dashboard'),
  component: DashboardPage,
  // Spec §2: the dashboard has its own error view; trying again resets the filters.
  errorComponent: () => (
    <ErrorPage variant="dashboard" onReset={() => useDashboardFilters.getState().reset()} />
  ),
})

function DashboardPage() {
  const { t } = useTranslation('dashboard')
  return (
    <>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.description')} />
      <EmptyState
        icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
        title={t('dashboard.empty_title')}
        description={t('dashboard.empty_description')}
        action={<Link to="/configure/pipelines/">{t('dashboard.configure_pipelines')}</Link>}
      />
    </>
  )
}
