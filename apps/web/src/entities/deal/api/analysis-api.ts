import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import type { AnalysisBackfill, DealAnalysis } from './types'

/** How often a queued or running analysis is asked about again. */
export const ANALYSIS_POLL_MS = 1500

export const analysisKeys = {
  ofDeal: (dealId: string) => ['analysis', dealId] as const,
  latestBackfill: ['analysis', 'backfills', 'latest'] as const,
}

const inProgress = (analysis: DealAnalysis | undefined) =>
  analysis?.status === 'queued' || analysis?.status === 'running'

export const analysisQueryOptions = (dealId: string) =>
  queryOptions({
    queryKey: analysisKeys.ofDeal(dealId),
    queryFn: () => apiRequest<DealAnalysis>(`/v1/deals/${encodeURIComponent(dealId)}/analysis`),
    refetchInterval: (query) => (inProgress(query.state.data) ? ANALYSIS_POLL_MS : false),
  })

export const useDealAnalysis = (dealId: string) => useQuery(analysisQueryOptions(dealId))

export function useRerunAnalysis(dealId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiRequest<{ run_id: string; status: 'queued' }>(
        `/v1/deals/${encodeURIComponent(dealId)}/analysis`,
        { method: 'POST' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analysisKeys.ofDeal(dealId) }),
  })
}

const backfillRunning = (backfill: AnalysisBackfill | null | undefined) =>
  !!backfill && backfill.done + backfill.failed < backfill.total

/** The latest re-analysis after a configuration change; null when there has been none (204). */
export const latestBackfillQueryOptions = () =>
  queryOptions({
    queryKey: analysisKeys.latestBackfill,
    queryFn: async () =>
      (await apiRequest<AnalysisBackfill | undefined>('/v1/analysis/backfills/latest')) ?? null,
    refetchInterval: (query) => (backfillRunning(query.state.data) ? ANALYSIS_POLL_MS : false),
  })

export const useLatestBackfill = () => useQuery(latestBackfillQueryOptions())
export { backfillRunning }
