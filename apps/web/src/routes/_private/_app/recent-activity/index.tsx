import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { LoadError } from '@/components/ui/load-error'
import { pipelinesQueryOptions, usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { RecentActivity } from '@/features/activity/components/recent-activity'
import { recentWindow } from '@/features/activity/lib/activity-feed'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'
import { leaveFailureToPage } from '@/lib/query-client'
import { looseSearchSchema, type SearchOutput, textSearchParam } from '@/lib/search-params'
import { useCurrentPipeline, useCurrentPipelineStore } from '@/stores/current-pipeline'

/** `?pipeline=…&owner=…`: which pipeline's activity, and whose deals (all when absent). */
const recentActivitySearch = looseSearchSchema({
  pipeline: textSearchParam,
  owner: textSearchParam,
})
type RecentActivitySearch = SearchOutput<typeof recentActivitySearch>

export const Route = createFileRoute('/_private/_app/recent-activity/')({
  validateSearch: recentActivitySearch,
  loaderDeps: () => ({}),
  loader: async ({ context }) => {
    await Promise.all([
      loadNamespaces('activity'),
      context.queryClient.ensureQueryData(pipelinesQueryOptions()).catch(leaveFailureToPage),
    ])
  },
  pendingComponent: pendingPage('table'),
  component: RecentPage,
})

function RecentPage() {
  const { t } = useTranslation('activity')
  const pipelines = usePipelines()
  const active = useMemo(
    () => (pipelines.data?.models ?? []).filter((pipeline) => pipeline.active),
    [pipelines.data],
  )
  const current = useCurrentPipeline(active)
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const setPipelineId = useCurrentPipelineStore((state) => state.setPipelineId)
  // Spec §7: the 30 days back to today, fixed while the page is open.
  const range = useMemo(() => recentWindow(), [])

  const changeSearch = useCallback(
    (changes: Partial<RecentActivitySearch>, replace = false) =>
      void navigate({
        search: ((previous: Record<string, unknown>) => ({ ...previous, ...changes })) as never,
        replace,
      }),
    [navigate],
  )
  usePipelineInUrl(active, current?.id, search.pipeline, changeSearch)
  const urlPipeline = active.find((pipeline) => pipeline.id === search.pipeline)
  const shown = urlPipeline ?? current

  return (
    <>
      <PageHeader title={t('recent.title')} description={t('recent.description')} />
      {pipelines.isError ? (
        <LoadError onRetry={() => void pipelines.refetch()}>{t('recent.error')}</LoadError>
      ) : pipelines.isSuccess && !shown ? (
        <NoPipeline />
      ) : shown ? (
        <RecentActivity
          pipelines={active}
          pipelineId={shown.id}
          ownerId={search.owner}
          range={range}
          onPipelineChange={(pipelineId) => {
            setPipelineId(pipelineId)
            changeSearch({ pipeline: pipelineId })
          }}
          onOwnerChange={(owner) => changeSearch({ owner })}
        />
      ) : null}
    </>
  )
}

/** Deals live in a pipeline: with none, the first step is creating one (admins can). */
function NoPipeline() {
  const { t } = useTranslation('activity')
  const isAdmin = readAccessTokenClaims()?.role === 'admin'
  return (
    <EmptyState
      icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
      title={t('recent.no_pipeline_title')}
      description={
        isAdmin ? t('recent.no_pipeline_description') : t('recent.no_pipeline_description_member')
      }
      action={
        isAdmin ? (
          <Link to="/configure/pipelines/">{t('recent.configure_pipelines')}</Link>
        ) : undefined
      }
    />
  )
}

/**
 * The URL names the pipeline shown, so a link shares it: a pipeline the URL names is adopted as
 * the current one when the page opens; afterwards the URL follows the current pipeline (the
 * header's picker changes it too).
 */
function usePipelineInUrl(
  pipelines: readonly { id: string }[],
  currentId: string | undefined,
  urlPipeline: string | undefined,
  changeSearch: (changes: Partial<RecentActivitySearch>, replace?: boolean) => void,
) {
  const setPipelineId = useCurrentPipelineStore((state) => state.setPipelineId)
  const adopted = useRef(false)
  useEffect(() => {
    if (!currentId) return
    if (!adopted.current) {
      adopted.current = true
      if (urlPipeline !== currentId && pipelines.some((pipeline) => pipeline.id === urlPipeline)) {
        setPipelineId(urlPipeline ?? null)
        return
      }
    }
    if (urlPipeline !== currentId) changeSearch({ pipeline: currentId }, true)
  }, [pipelines, currentId, urlPipeline, setPipelineId, changeSearch])
}
