import { createFileRoute, Link } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { loadNamespaces } from '@/lib/i18n'
import {
  isoDateSearchParam,
  listSearchParam,
  periodSearchParam,
  textSearchParam,
} from '@/lib/search-params'

const pipelineOverviewSearch = z.looseObject({
  pipeline: textSearchParam,
  stages: listSearchParam,
  searchQuery: textSearchParam,
  period: periodSearchParam,
  startDate: isoDateSearchParam,
  endDate: isoDateSearchParam,
  owner: textSearchParam,
  statuses: listSearchParam,
})

export const Route = createFileRoute('/_private/_app/pipeline-overview/')({
  validateSearch: pipelineOverviewSearch,
  // The filters change what the page shows, not what it loads: changing one reruns no loader.
  loaderDeps: () => ({}),
  loader: () => loadNamespaces('dashboard'),
  pendingComponent: pendingPage('cards'),
  component: PipelineOverviewPage,
})

function PipelineOverviewPage() {
  const { t } = useTranslation('dashboard')
  return (
    <>
      <PageHeader
        title={t('pipeline_overview.title')}
        description={t('pipeline_overview.description')}
      />
      <EmptyState
        icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
        title={t('pipeline_overview.empty_title')}
        description={t('pipeline_overview.empty_description')}
        action={
          <Link to="/configure/pipelines/">{t('pipeline_overview.configure_pipelines')}</Link>
        }
      />
    </>
  )
}
