import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { analysisQueryOptions } from '@/entities/deal/api/analysis-api'
import { dealQueryOptions } from '@/entities/deal/api/deals-api'
import { solutionFitQueryOptions } from '@/entities/deal/api/solution-fit-api'
import { pipelineQueryOptions } from '@/entities/pipeline/api/get-pipeline'
import { DealScreenSkeleton } from '@/features/deals/components/deal-screen-skeleton'
import { loadNamespaces } from '@/lib/i18n'
import { leaveFailureToPage } from '@/lib/query-client'
import type { SearchOutput } from '@/lib/search-params'
import { DealScreen } from './-deal-screen'
import { dealSearch } from './-deal-search'

export const Route = createFileRoute('/_private/_app/deals/$dealId')({
  validateSearch: dealSearch,
  search: {
    middlewares: [stripSearchParams<SearchOutput<typeof dealSearch>>({ tab: 'analysis' })],
  },
  loader: async ({ context, params }) => {
    // The deal decides the page; its analysis and solution fit start loading alongside.
    void context.queryClient.prefetchQuery(analysisQueryOptions(params.dealId))
    void context.queryClient.prefetchQuery(solutionFitQueryOptions(params.dealId))
    await Promise.all([
      // objections: the corrections offered on each objection the analysis found.
      loadNamespaces('deals', 'objections'),
      context.queryClient
        .ensureQueryData(dealQueryOptions(params.dealId))
        // The deal's pipeline lists the playbook actions on the Analysis tab.
        .then((deal) => {
          void context.queryClient.prefetchQuery(pipelineQueryOptions(deal.pipeline_id))
        })
        .catch(leaveFailureToPage),
    ])
  },
  pendingComponent: DealScreenSkeleton,
  component: DealPage,
})

function DealPage() {
  const { dealId } = Route.useParams()
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <DealScreen
      dealId={dealId}
      tab={tab}
      onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
    />
  )
}
