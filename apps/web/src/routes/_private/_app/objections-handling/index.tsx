import type { ObjectionAnalysis } from '@dealcoach/contracts/objection-analysis'
import { createFileRoute, Link, stripSearchParams, useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import * as z from 'zod/mini'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import type { EngagementSummary } from '@/entities/deal/api/types'
import { pipelinesQueryOptions } from '@/entities/pipeline/api/list-pipelines'
import { AnalysisProgressBanner } from '@/features/analysis/components/analysis-progress-banner'
import { EngagementDialog } from '@/features/engagements/components/engagement-dialog'
import {
  commonObjectionsQueryOptions,
  handlingStatsQueryOptions,
} from '@/features/objection-report/api/objection-report-api'
import { ObjectionReportScreen } from '@/features/objection-report/components/objection-report-screen'
import type { RenderTranscript } from '@/features/objection-report/components/quote-card'
import {
  REPORT_TABS,
  reportFiltersOf,
  type ReportSearch,
  reportSearchOf,
  withReportSearch,
} from '@/features/objection-report/lib/report-filters'
import { getAccessToken } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'
import { isoDateSearchParam, periodSearchParam, textSearchParam } from '@/lib/search-params'

/** Issue 14: the report's filters in the URL, under objections_* keys (the dashboard's habit). */
export const objectionsHandlingSearch = z.looseObject({
  objections_pipeline: textSearchParam,
  objections_period: periodSearchParam,
  objections_startDate: isoDateSearchParam,
  objections_endDate: isoDateSearchParam,
  objections_owner: textSearchParam,
  objections_type: textSearchParam,
  objections_tab: z.catch(z.optional(z.enum(REPORT_TABS)), undefined),
})

/** The defaults say nothing: a link to them leaves them out of the URL. */
export const objectionsHandlingSearchMiddlewares = [
  stripSearchParams<z.output<typeof objectionsHandlingSearch>>({
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
    await Promise.all([
      loadNamespaces('objections', 'deals'),
      context.queryClient.ensureQueryData(pipelinesQueryOptions()),
    ])
    // Fetched ahead only once the session check has passed; without a token nothing is asked.
    if (!getAccessToken()) return
    const filters = reportFiltersOf(reportSearchOf(location.search))
    // Not awaited: the page draws its own placeholders, and a failure is the page's to show.
    void context.queryClient.prefetchQuery(commonObjectionsQueryOptions(filters))
    void context.queryClient.prefetchQuery(handlingStatsQueryOptions(filters))
  },
  pendingComponent: pendingPage('cards'),
  component: HandlingPage,
})

/** The call or e-mail of an objection, as the engagement dialog reads it. */
function engagementOf(objection: ObjectionAnalysis): EngagementSummary {
  return {
    id: objection.engagement.id,
    deal_id: objection.deal.id,
    type: objection.engagement.type,
    name: objection.engagement.name,
    occurred_at: objection.engagement.occurred_at,
    direction: null,
    participants: [],
    source_file_name: null,
    utterance_count: 0,
    created_at: objection.engagement.occurred_at,
  }
}

/** "Open in transcript": the engagement with the objection's sentence marked. */
export const renderTranscript: RenderTranscript = ({ objection, trigger }) => (
  <EngagementDialog
    engagement={engagementOf(objection)}
    quotes={[objection.text]}
    trigger={trigger}
  />
)

/** The report as the app routes it: the URL's filters in, changes written back in place. */
export function ObjectionsHandlingScreen({
  search,
  writeSearch,
}: {
  search: ReportSearch
  writeSearch: (next: ReportSearch) => void
}) {
  const { t } = useTranslation('objections')
  return (
    <>
      <PageHeader title={t('handling.title')} description={t('handling.description')} />
      {/* The counts grow while deals are analysed in the background: the page says so. */}
      <AnalysisProgressBanner />
      <ObjectionReportScreen
        search={search}
        writeSearch={writeSearch}
        renderTranscript={renderTranscript}
        reviewTypes={<Link to="/configure/objections/">{t('handling.review_types')}</Link>}
      />
    </>
  )
}

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
