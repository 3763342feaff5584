import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { pendingPage } from '@/components/layout/pending-page'
import { pipelinesQueryOptions } from '@/entities/pipeline/api/list-pipelines'
import { dealOwnersQueryOptions } from '@/features/deals/api/list-deal-owners'
import { loadNamespaces } from '@/lib/i18n'
import { leaveFailureToPage } from '@/lib/query-client'
import { PipelineOverviewScreen } from './-pipeline-overview-screen'
import {
  pipelineOverviewSearch,
  pipelineOverviewSearchMiddlewares,
  type SearchChanges,
} from './-pipeline-overview-search'

export const Route = createFileRoute('/_private/_app/pipeline-overview/')({
  validateSearch: pipelineOverviewSearch,
  search: { middlewares: pipelineOverviewSearchMiddlewares },
  // The filters change what the page shows, not what it loads: changing one reruns no loader.
  loaderDeps: () => ({}),
  loader: async ({ context, location }) => {
    const { owner } = location.search as { owner?: unknown }
    await Promise.all([
      loadNamespaces('dashboard', 'deals'),
      // Whether there is a pipeline at all decides what the empty page asks for.
      context.queryClient.ensureQueryData(pipelinesQueryOptions()).catch(leaveFailureToPage),
      // An owner named in the URL is checked against the deal owners before deals are asked for.
      owner
        ? context.queryClient.ensureQueryData(dealOwnersQueryOptions()).catch(leaveFailureToPage)
        : undefined,
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
