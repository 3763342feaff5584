import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import { EmptyState } from '@/components/ui/empty-state'
import { NotFoundIllustration } from '@/components/ui/illustrations'
import { LoadError } from '@/components/ui/load-error'
import { dealQueryOptions } from '@/entities/deal/api/deals-api'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { AnalysisSection } from '@/features/analysis/components/analysis-section'
import { DealHeader } from '@/features/deals/components/deal-header'
import { EngagementsSection } from '@/features/engagements/components/engagements-section'
import { readAccessTokenClaims } from '@/lib/access-token'
import { HttpError } from '@/lib/api-client'
import { loadNamespaces } from '@/lib/i18n'
import { leaveFailureToPage } from '@/lib/query-client'

export const Route = createFileRoute('/_private/_app/deals/$dealId')({
  loader: async ({ context, params }) => {
    await Promise.all([
      loadNamespaces('deals'),
      context.queryClient
        .ensureQueryData(dealQueryOptions(params.dealId))
        .catch(leaveFailureToPage),
    ])
  },
  pendingComponent: pendingPage('detail'),
  component: DealPage,
})

function DealPage() {
  const { dealId } = Route.useParams()
  return <DealScreen dealId={dealId} />
}

/** One deal: its figures, its calls and e-mails, and what the engine made of them. */
export function DealScreen({ dealId }: { dealId: string }) {
  const { t } = useTranslation('deals')
  const deal = useQuery(dealQueryOptions(dealId))
  const pipelines = usePipelines().data?.models ?? []
  const claims = readAccessTokenClaims()

  if (deal.isError && deal.error instanceof HttpError && deal.error.status === 404) {
    return <DealNotFound />
  }
  if (deal.isError) {
    return <LoadError onRetry={() => void deal.refetch()}>{t('deal.load_failed')}</LoadError>
  }
  if (!deal.data) return null
  // Admins may change any deal, members only their own: others read it, with no dead buttons.
  const canEdit = claims?.role === 'admin' || (!!claims && deal.data.owner_id === claims.sub)
  const pipeline = pipelines.find((candidate) => candidate.id === deal.data.pipeline_id)
  return (
    <div className="flex flex-col gap-8">
      <DealHeader deal={deal.data} canEdit={canEdit} />
      <EngagementsSection dealId={dealId} canEdit={canEdit} />
      <AnalysisSection dealId={dealId} pipeline={pipeline} canRetry={canEdit} />
    </div>
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
