import type { DealStageHistory } from '@dealcoach/contracts/deal-activity'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

interface StageHistoryResponse {
  models: DealStageHistory[]
}

/** One deal's stage changes, oldest first, through the pipeline's bulk call. */
export const dealStageHistoryQueryOptions = (dealId: string, pipelineId: string) =>
  queryOptions({
    // Under 'deals': a deal moved or edited reads its history again.
    queryKey: ['deals', 'stage-history', dealId, pipelineId],
    queryFn: ({ signal }) =>
      apiRequest<StageHistoryResponse>(
        `/v1/deals/stage-history/bulk-get?pipeline_id=${encodeURIComponent(pipelineId)}`,
        { method: 'POST', body: [dealId], signal },
      ).then((answer) => answer.models[0]?.history ?? []),
  })

export const useDealStageHistory = (dealId: string, pipelineId: string) =>
  useQuery(dealStageHistoryQueryOptions(dealId, pipelineId))
