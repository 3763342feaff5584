import { createFileRoute, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { pendingPage } from '@/components/layout/pending-page'
import { pipelinesQueryOptions } from '@/entities/pipeline/api/list-pipelines'
import {
  commonObjectionsQueryOptions,
  handlingStatsQueryOptions,
} from '@/features/objection-report/api/objection-report-api'
import {
  reportFiltersOf,
  type ReportSearch,
  reportSearchOf,
  withReportSearch,
} from '@/features/objection-report/lib/report-filters'
import { REPORT_TABS } from '@/features/objection-report/lib/report-tabs'
import { getAccessToken } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'
import {
  enumSearchParam,
  isoDateSearchParam,
  looseSearchSchema,
  periodSearchParam,
  type SearchOutput,
  textSearchParam,
} from '@/lib/search-params'
import { currentPipeline, useCurrentPipelineStore } from '@/stores/current-pipeline'
import { ObjectionsHandlingScreen } from './-objections-handling-screen'

/** Issue 14: the report's filters in the URL, under objections_* keys (the dashboard's habit). */
export const objectionsHandlingSearch = looseSearchSchema({
  objections_pipeline: textSearchParam,
  objections_period: periodSearchParam,
  objections_startDate: isoDateSearchParam,
  objections_endDate: isoDateSearchParam,
  objections_owner: textSearchParam,
  objections_type: textSearchParam,
  objections_tab: enumSearchParam(REPORT_TABS),
})

/** The defaults say nothing: a link to them leaves them out of the URL. */
export const objectionsHandlingSearchMiddlewares = [
  stripSearchParams<SearchOutput<typeof objectionsHandlingSearch>>({
    objections_period: 'allTime',
    objections_tab: 'report',
  }),
]

export const Route = createFileRoute('/_private/_app/objections-handling/')({
  validateSearch: objectionsHandlingSearch,
  search: { middlewares: objectionsHandlingSearchMiddlewares },
  // The filters change what the page shows, not what it loads: changing one reruns no loader.
  loaderDeps: () => ({}),
  loader: async ({ context, location }) => {
    // The period filter's words are the deals'.
    const [, pipelines] = await Promise.all([
      loadNamespaces('objections', 'deals'),
      context.queryClient.ensureQueryData(pipelinesQueryOptions()),
    ])
    // Fetched ahead only once the session check has passed; without a token nothing is asked.
    if (!getAccessToken()) return
    const shown = currentPipeline(pipelines.models, useCurrentPipelineStore.getState().pipelineId)
    const filters = reportFiltersOf(reportSearchOf(location.search), undefined, shown?.id ?? null)
    // Not awaited: the page draws its own placeholders, and a failure is the page's to show.
    void context.queryClient.prefetchQuery(commonObjectionsQueryOptions(filters))
    void context.queryClient.prefetchQuery(handlingStatsQueryOptions(filters))
  },
  pendingComponent: pendingPage('cards'),
  component: HandlingPage,
})

function HandlingPage() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const writeSearch = useCallback(
    (next: ReportSearch) =>
      void navigate({ search: (previous) => withReportSearch(previous, next), replace: true }),
    [navigate],
  )
  return <ObjectionsHandlingScreen search={reportSearchOf(search)} writeSearch={writeSearch} />
}
