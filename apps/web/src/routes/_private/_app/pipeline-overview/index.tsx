import { createFileRoute, Link } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { pipelinesQueryOptions, usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'
import { leaveFailureToPage } from '@/lib/query-client'
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
  loader: async ({ context }) => {
    await Promise.all([
      loadNamespaces('dashboard'),
      // Whether there is a pipeline at all decides what the empty page asks for.
      context.queryClient.ensureQueryData(pipelinesQueryOptions()).catch(leaveFailureToPage),
    ])
  },
  pendingComponent: pendingPage('cards'),
  component: PipelineOverviewPage,
})

function PipelineOverviewPage() {
  const { t } = useTranslation('dashboard')
  const pipelines = usePipelines()
  const hasPipeline = (pipelines.data?.models ?? []).some((pipeline) => pipeline.active)
  const isAdmin = readAccessTokenClaims()?.role === 'admin'
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
      ) : (
        <EmptyState
          icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
          title={t('pipeline_overview.empty_title')}
          description={t('pipeline_overview.empty_description')}
          action={
            <Link to="/configure/pipelines/">{t('pipeline_overview.configure_pipelines')}</Link>
          }
        />
      )}
    </>
  )
}
