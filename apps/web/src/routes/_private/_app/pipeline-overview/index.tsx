import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import * as z from 'zod/mini'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { pipelinesQueryOptions, usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { AnalysisProgressBanner } from '@/features/analysis/components/analysis-progress-banner'
import { DealsOverview } from '@/features/deals/components/deals-overview'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'
import { leaveFailureToPage } from '@/lib/query-client'
import { useCurrentPipeline } from '@/stores/current-pipeline'
import {
  isoDateSearchParam,
  listSearchParam,
  pageSearchParam,
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
  page: pageSearchParam,
})

export const Route = createFileRoute('/_private/_app/pipeline-overview/')({
  validateSearch: pipelineOverviewSearch,
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
  const { t } = useTranslation('dashboard')
  const pipelines = usePipelines()
  const hasPipeline = (pipelines.data?.models ?? []).some((pipeline) => pipeline.active)
  const current = useCurrentPipeline(pipelines.data?.models ?? [])
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  // The list filters parse to arrays but are written back as the URL's text, so the previous
  // search is passed on as it was read rather than re-typed here.
  const changeSearch = useCallback(
    (changes: { searchQuery?: string; page?: number }, replace = false) =>
      void navigate({
        search: ((previous: Record<string, unknown>) => ({ ...previous, ...changes })) as never,
        replace,
      }),
    [navigate],
  )
  const onSearch = useCallback(
    (searchQuery: string | undefined) => changeSearch({ searchQuery, page: undefined }, true),
    [changeSearch],
  )
  const onPage = useCallback((page: number) => changeSearch({ page }), [changeSearch])
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
      ) : current ? (
        <>
          <AnalysisProgressBanner />
          <DealsOverview
            key={current.id}
            pipelineId={current.id}
            searchQuery={search.searchQuery}
            page={search.page}
            onSearch={onSearch}
            onPage={onPage}
          />
        </>
      ) : null}
    </>
  )
}
