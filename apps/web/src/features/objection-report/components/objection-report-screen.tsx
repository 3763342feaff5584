import type { CommonObjections } from '@dealcoach/contracts/objection-analysis'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration, ErrorIllustration } from '@/components/ui/illustrations'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { readAccessTokenClaims } from '@/lib/access-token'
import { useCurrentPipeline } from '@/stores/current-pipeline'
import { useCommonObjections, useHandlingStats } from '../api/objection-report-api'
import { useReportFollowsAnalyses } from '../hooks/use-report-follows-analyses'
import { useReportUrlSync } from '../hooks/use-report-url-sync'
import {
  ALL_PIPELINES,
  isNarrowedWithinPipeline,
  type ReportFilters,
  reportFiltersOf,
  type ReportSearch,
  type ReportTab,
} from '../lib/report-filters'
import { formatPercent } from '../lib/report-format'
import { CorrectionsPanel } from './corrections-panel'
import { QuoteActionsProvider, type RenderTranscript, useUndo } from './quote-card'
import { QuotesSection } from './quotes-section'
import { RepTable } from './rep-section'
import { clearedSearch, ReportFilterBar } from './report-filter-bar'
import { TypeTable, TypeTrend } from './type-section'

/**
 * The objection-handling report below its header (issue 14): the filters kept in the URL and in
 * storage, then per type, per rep and the chosen type's quotes, or the corrections made so far.
 */
export function ObjectionReportScreen({
  search,
  writeSearch,
  renderTranscript,
  reviewTypes,
}: {
  /** The URL's objections_* values. */
  search: ReportSearch
  writeSearch: (next: ReportSearch) => void
  renderTranscript: RenderTranscript
  /** Where the organisation's objection types are reviewed: the way on when there is nothing. */
  reviewTypes: React.ReactElement
}) {
  const { t } = useTranslation('objections')
  useReportUrlSync(search, writeSearch)
  useReportFollowsAnalyses()
  const pipelinesQuery = usePipelines()
  const pipelines = pipelinesQuery.data?.models ?? []
  const currentPipelineId = useCurrentPipeline(pipelines)?.id ?? null
  const filters = reportFiltersOf(search, undefined, currentPipelineId)
  const tab: ReportTab = search.objections_tab ?? 'report'
  const undo = useUndo()
  const claims = readAccessTokenClaims()
  const isAdmin = claims?.role === 'admin'
  const userId = claims?.sub ?? null
  const change = (changes: Partial<ReportSearch>) => {
    const next: ReportSearch = { ...search, ...changes }
    if (next.objections_type === undefined) delete next.objections_type
    if (next.objections_tab === undefined || next.objections_tab === 'report') {
      delete next.objections_tab
    }
    writeSearch(next)
  }

  return (
    <QuoteActionsProvider value={{ renderTranscript, isAdmin, userId, undo }}>
      <div className="flex flex-col gap-6">
        <ReportFilterBar
          search={search}
          pipelines={pipelines}
          currentPipelineId={currentPipelineId}
          onChange={writeSearch}
        />
        <Tabs
          value={tab}
          onValueChange={(value) => change({ objections_tab: value as ReportTab })}
          className="gap-4"
        >
          <TabsList aria-label={t('report.tabs.label')}>
            <TabsTrigger value="report">{t('report.tabs.report')}</TabsTrigger>
            <TabsTrigger value="corrections">{t('report.tabs.corrections')}</TabsTrigger>
          </TabsList>
          <TabsContent value="report" className="flex flex-col gap-6">
            {/* The pipeline left out of the URL is the header's: known once the pipelines are. */}
            {pipelinesQuery.isPending && search.objections_pipeline === undefined ? (
              <ReportPlaceholder />
            ) : (
              <ReportBody
                filters={filters}
                narrowed={isNarrowedWithinPipeline(search)}
                // With one pipeline, its objections are the organisation's.
                pipelineOfSeveral={filters.pipelineId !== null && pipelines.length > 1}
                reviewTypes={reviewTypes}
                onClear={() => writeSearch(clearedSearch(search))}
                onAllPipelines={() => change({ objections_pipeline: ALL_PIPELINES })}
                onSelectType={(typeId) => change({ objections_type: typeId })}
              />
            )}
          </TabsContent>
          <TabsContent value="corrections">
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2>{t('report.corrections.title')}</h2>
                </CardTitle>
                <CardDescription>{t('report.corrections.description')}</CardDescription>
              </CardHeader>
              <CardContent>
                <CorrectionsPanel
                  undo={undo}
                  canUndo={(feedback) => isAdmin || feedback.user?.id === userId}
                />
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>
      </div>
    </QuoteActionsProvider>
  )
}

function ReportBody({
  filters,
  narrowed,
  pipelineOfSeveral,
  reviewTypes,
  onClear,
  onAllPipelines,
  onSelectType,
}: {
  filters: ReportFilters
  /** A filter other than the pipeline narrows the report (period, owner, type). */
  narrowed: boolean
  /** The report is one pipeline's of several: empty, it says nothing of the others. */
  pipelineOfSeveral: boolean
  reviewTypes: React.ReactElement
  onClear: () => void
  onAllPipelines: () => void
  onSelectType: (typeId: string | undefined) => void
}) {
  const { t } = useTranslation('objections')
  const common = useCommonObjections(filters)
  const handling = useHandlingStats(filters)

  if (common.isError || handling.isError) {
    return (
      <EmptyState
        role="alert"
        icon={<ErrorIllustration className="h-32 w-auto text-brand-600" />}
        title={t('report.failed_title')}
        description={t('report.failed_description')}
        action={{
          label: t('report.retry'),
          onClick: () => {
            if (common.isError) void common.refetch()
            if (handling.isError) void handling.refetch()
          },
        }}
      />
    )
  }
  if (!common.data) return <ReportPlaceholder />
  const report = common.data
  if (report.total.raised === 0) {
    return narrowed ? (
      <EmptyState
        icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
        title={t('report.no_match_title')}
        description={t('report.no_match_description')}
        action={{ label: t('report.filters.clear'), onClick: onClear }}
      />
    ) : pipelineOfSeveral ? (
      // Other pipelines may have objections: the page cannot tell, so it says what is sure.
      <EmptyState
        icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
        title={t('report.pipeline_empty_title')}
        description={t('report.pipeline_empty_description')}
        action={{ label: t('report.show_all_pipelines'), onClick: onAllPipelines }}
      />
    ) : (
      <EmptyState
        icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
        title={t('handling.empty_title')}
        description={t('handling.empty_description')}
        action={reviewTypes}
      />
    )
  }
  const chosen = filters.typeId
    ? report.types.find((type) => type.objection_type_id === filters.typeId)
    : undefined
  return (
    <>
      <Summary report={report} />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('report.types.title')}</h2>
          </CardTitle>
          <CardDescription>{t('report.types.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <TypeTable report={report} onSelectType={onSelectType} />
          <TypeTrend report={report} />
        </CardContent>
      </Card>
      {filters.typeId ? (
        <QuotesSection
          filters={filters}
          typeId={filters.typeId}
          typeName={chosen?.name ?? t('report.filters.other_type')}
          onClose={() => onSelectType(undefined)}
        />
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{t('report.reps.title')}</h2>
          </CardTitle>
          <CardDescription>{t('report.reps.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {handling.data ? (
            <RepTable stats={handling.data} types={report.types} />
          ) : (
            <Skeleton className="h-40" />
          )}
        </CardContent>
      </Card>
    </>
  )
}

/** The totals over the filters: objections raised, the share handled, deals concerned. */
function Summary({ report }: { report: CommonObjections }) {
  const { t, i18n } = useTranslation('objections')
  const figures = [
    { label: t('report.summary.raised'), value: report.total.raised.toLocaleString(i18n.language) },
    {
      label: t('report.summary.handled_rate'),
      value:
        report.total.handled_rate === null
          ? '—'
          : formatPercent(report.total.handled_rate, i18n.language),
    },
    { label: t('report.summary.deals'), value: report.total.deals.toLocaleString(i18n.language) },
    { label: t('report.summary.types'), value: report.types.length.toLocaleString(i18n.language) },
  ]
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-lg border border-gray-200 bg-white p-4">
          <dt className="text-sm text-gray-600">{figure.label}</dt>
          <dd className="text-2xl font-semibold text-gray-900 tabular-nums">{figure.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The report's shape while it loads: the totals, the type table and the rep table. */
function ReportPlaceholder() {
  const { t } = useTranslation('objections')
  return (
    <div role="status" aria-label={t('report.loading')} className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-72" />
      <Skeleton className="h-48" />
    </div>
  )
}
