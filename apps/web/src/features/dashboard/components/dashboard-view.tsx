import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { useDeferredValue } from 'react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useActionCompletionStats } from '../api/action-completion-stats'
import { useActionStats } from '../api/action-stats'
import { useConfidenceStats } from '../api/confidence-stats'
import { statsFiltersOf, type StatsFilters } from '../lib/stats-filters'
import type { DashboardTab } from '../stores/dashboard-filters'
import { useDashboardFilters } from '../stores/dashboard-filters-store'
import { ActionsProgressList } from './actions-progress-list'
import { CompletionOverTime } from './completion-over-time'
import { ConfidenceSection } from './confidence-section'
import {
  clearNarrowingFilters,
  DashboardFilterBar,
  useHasNarrowingFilters,
} from './dashboard-filter-bar'
import { PlaybookAdherence } from './playbook-adherence'

/** The filters of the page as the stats calls read them, in `pipeline`. */
export function useStatsFilters(pipeline: Pipeline): StatsFilters {
  const filters = useDashboardFilters()
  return statsFiltersOf(filters, pipeline)
}

/**
 * A failure of the dashboard's main call is the dashboard's failure: thrown to the route, whose
 * error view resets the filters (spec §2, §8) — a stored filter is the likeliest cause.
 */
function throwFailure(error: Error | null) {
  if (error) throw error
}

/**
 * The dashboard of one pipeline: the filters, then playbook adherence or the deals' action
 * progress (one tab each), then confidence.
 */
export function DashboardView({
  pipelines,
  pipeline,
  addDeal,
}: {
  pipelines: readonly Pipeline[]
  pipeline: Pipeline
  /** Where a new deal is added; the empty state sends people there. */
  addDeal: React.ReactElement
}) {
  const { t } = useTranslation('dashboard')
  const filters = useStatsFilters(pipeline)
  const activeTab = useDashboardFilters((state) => state.activeTab)
  const setActiveTab = useDashboardFilters((state) => state.setActiveTab)
  const narrowed = useHasNarrowingFilters()
  const actionStats = useActionStats(filters)
  throwFailure(actionStats.error)

  const noDeals = actionStats.data?.total_deals === 0
  return (
    <div className="flex flex-col gap-6">
      <DashboardFilterBar pipelines={pipelines} pipeline={pipeline} />
      {noDeals && !narrowed ? (
        <EmptyState
          icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
          title={t('dashboard.empty_title')}
          description={t('dashboard.empty_description')}
          action={addDeal}
        />
      ) : noDeals ? (
        <EmptyState
          icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
          title={t('dashboard.no_match_title')}
          description={t('dashboard.no_match_description')}
          action={{ label: t('filters.clear'), onClick: clearNarrowingFilters }}
        />
      ) : (
        <>
          <Tabs
            value={activeTab}
            onValueChange={(value) => setActiveTab(value as DashboardTab)}
            className="gap-4"
          >
            <TabsList aria-label={t('tabs.label')}>
              <TabsTrigger value="actions">{t('tabs.actions')}</TabsTrigger>
              <TabsTrigger value="progress">{t('tabs.progress')}</TabsTrigger>
            </TabsList>
            <TabsContent value="actions" className="flex flex-col gap-4">
              <Card>
                <CardHeader>
                  <CardTitle>
                    <h2>{t('adherence.title')}</h2>
                  </CardTitle>
                  <CardDescription>
                    {actionStats.data
                      ? t('adherence.description', { count: actionStats.data.total_deals })
                      : t('loading')}
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  {actionStats.data ? (
                    actionStats.data.stages.length === 0 ? (
                      <p className="text-sm text-gray-600">{t('adherence.no_actions')}</p>
                    ) : (
                      <PlaybookAdherence stats={actionStats.data} filters={filters} />
                    )
                  ) : (
                    <SectionPlaceholder label={t('loading')} />
                  )}
                </CardContent>
              </Card>
              <CompletionCard filters={filters} />
            </TabsContent>
            <TabsContent value="progress">
              <ActionsProgressList filters={filters} pipeline={pipeline} />
            </TabsContent>
          </Tabs>
          <ConfidenceCard filters={filters} />
        </>
      )}
    </div>
  )
}

function SectionPlaceholder({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {/* A chart's box, then its table: the section's shape, so the sections below stay put. */}
      <Skeleton className="h-64" />
      <Skeleton className="h-48" />
    </div>
  )
}

/**
 * The stats a chart below the fold draws, drawn in a render of their own: React draws the page
 * above first and the charts after it, in slices that leave the browser free to answer the user
 * (rather than one long task: DESIGN §7's Lighthouse performance).
 */
function useDeferredStats<T>(data: T | undefined): T | null {
  return useDeferredValue(data ?? null, null)
}

function CompletionCard({ filters }: { filters: StatsFilters }) {
  const { t } = useTranslation('dashboard')
  const stats = useActionCompletionStats(filters)
  throwFailure(stats.error)
  const data = useDeferredStats(stats.data)
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('completion.title')}</h2>
        </CardTitle>
        <CardDescription>{t('completion.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {data ? <CompletionOverTime stats={data} /> : <SectionPlaceholder label={t('loading')} />}
      </CardContent>
    </Card>
  )
}

function ConfidenceCard({ filters }: { filters: StatsFilters }) {
  const { t } = useTranslation('dashboard')
  const stats = useConfidenceStats(filters)
  throwFailure(stats.error)
  const data = useDeferredStats(stats.data)
  return data ? <ConfidenceSection stats={data} /> : <SectionPlaceholder label={t('loading')} />
}
