import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { NotFoundIllustration } from '@/components/ui/illustrations'
import { LoadError } from '@/components/ui/load-error'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { dealQueryOptions } from '@/entities/deal/api/deals-api'
import { pipelineQueryOptions } from '@/entities/pipeline/api/get-pipeline'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { AnalysisSection } from '@/features/analysis/components/analysis-section'
import { DealContacts } from '@/features/deals/components/deal-contacts'
import { DealHeader } from '@/features/deals/components/deal-header'
import { DealScreenSkeleton } from '@/features/deals/components/deal-screen-skeleton'
import { ActivitySection } from '@/features/engagements/components/activity-section'
import { UploadEngagementDialog } from '@/features/engagements/components/upload-engagement-dialog'
import { SolutionFitPanel } from '@/features/solution-fit/components/solution-fit-panel'
import { readAccessTokenClaims } from '@/lib/access-token'
import { HttpError } from '@/lib/api-client'
import { useFollowPipeline } from '@/stores/current-pipeline'
import { DEAL_TABS, type DealTab } from './-deal-search'

// Kept out of the route file: what a route file exports is bundled with the route tree, which
// every page loads, so the deal's sections would load on the login page too.

const isDealTab = (value: string): value is DealTab =>
  (DEAL_TABS as readonly string[]).includes(value)

/** One deal: its figures, analysis, activity and contacts, beside its solution fit. */
export function DealScreen({
  dealId,
  tab = 'analysis',
  onTabChange,
}: {
  dealId: string
  tab?: DealTab
  onTabChange?: (tab: DealTab) => void
}) {
  const { t } = useTranslation('deals')
  // The route's loader has just asked (and retried); a failure it left is shown with its own
  // Retry rather than asked again on mount, which sent a missing deal's 404 twice.
  const deal = useQuery({ ...dealQueryOptions(dealId), retryOnMount: false })
  // The deal's pipeline: its stages order the Analysis tab, and its actions are all listed there.
  const pipeline = useQuery({
    ...pipelineQueryOptions(deal.data?.pipeline_id ?? ''),
    enabled: deal.data !== undefined,
  })
  // The header's pipeline becomes the deal's, however the deal was reached (a search, a link, a
  // bookmark), so that the header and the lists it leads to agree with the deal shown.
  useFollowPipeline(usePipelines().data?.models, deal.data)
  const claims = readAccessTokenClaims()

  if (deal.isError && namesNoDeal(deal.error)) return <DealNotFound />
  if (deal.isError) {
    return <LoadError onRetry={() => void deal.refetch()}>{t('deal.load_failed')}</LoadError>
  }
  if (!deal.data) return <DealScreenSkeleton />
  // Admins may change any deal, members only their own: others read it, with no dead buttons.
  const canEdit = claims?.role === 'admin' || (!!claims && deal.data.owner_id === claims.sub)
  return (
    <div className="flex flex-col gap-6">
      <DealHeader
        deal={deal.data}
        canEdit={canEdit}
        actions={<UploadEngagementDialog dealId={dealId} />}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {/* First in reading order, so phones show the fit above the tabs; beside them on wide screens. */}
        <aside className="min-w-0 lg:col-start-2 lg:row-start-1">
          <SolutionFitPanel dealId={dealId} />
        </aside>
        <Tabs
          value={tab}
          onValueChange={(value) => {
            if (isDealTab(value)) onTabChange?.(value)
          }}
          className="min-w-0 gap-4 lg:col-start-1 lg:row-start-1"
        >
          <TabsList aria-label={t('tabs.label')} className="w-full sm:w-fit">
            <TabsTrigger value="analysis">{t('tabs.analysis')}</TabsTrigger>
            <TabsTrigger value="activity">{t('tabs.activity')}</TabsTrigger>
            <TabsTrigger value="contacts">{t('tabs.contacts')}</TabsTrigger>
          </TabsList>
          <TabsContent value="analysis">
            <AnalysisSection
              dealId={dealId}
              pipeline={pipeline.data}
              pipelinePending={pipeline.isPending}
              canRetry={canEdit}
            />
          </TabsContent>
          <TabsContent value="activity">
            <ActivitySection dealId={dealId} canEdit={canEdit} />
          </TabsContent>
          <TabsContent value="contacts">
            <DealContacts dealId={dealId} canEdit={canEdit} />
          </TabsContent>
        </Tabs>
      </div>
    </div>
  )
}

/**
 * The deal is not there (404), or the address cannot name one: the server refuses an id that is
 * no UUID with a 400 at `params.id`, and a mistyped link should read as not found, not as a
 * failure to retry.
 */
function namesNoDeal(error: Error): boolean {
  if (!(error instanceof HttpError)) return false
  return (
    error.status === 404 ||
    (error.status === 400 && error.details.some((detail) => detail.path === 'params.id'))
  )
}

function DealNotFound() {
  const { t } = useTranslation('deals')
  return (
    <>
      <PageHeader title={t('deal.title')} description={t('deal.description')} />
      <EmptyState
        icon={<NotFoundIllustration className="h-32 w-auto text-brand-600" />}
        title={t('deal.empty_title')}
        description={t('deal.empty_description')}
        action={<Link to="/pipeline-overview/">{t('deal.back_to_deals')}</Link>}
      />
    </>
  )
}
