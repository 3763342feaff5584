import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import type { AnalysisProgress, DealAnalysis } from './types'

/** How often a queued or running analysis is asked about again. */
export const ANALYSIS_POLL_MS = 1500

export const analysisKeys = {
  ofDeal: (dealId: string) => ['analysis', dealId] as const,
  progress: ['analysis', 'progress'] as const,
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

/** How often the organisation's background analyses are asked about while some are pending. */
export const ANALYSIS_PROGRESS_POLL_MS = 2000

/** The organisation's current wave of background analyses (the demo's, uploads', re-analyses'). */
export const analysisProgressQueryOptions = () =>
  queryOptions({
    queryKey: analysisKeys.progress,
    queryFn: () => apiRequest<AnalysisProgress>('/v1/analysis/progress'),
    refetchInterval: (query) =>
      (query.state.data?.pending ?? 0) > 0 ? ANALYSIS_PROGRESS_POLL_MS : false,
  })

export const useAnalysisProgress = () => useQuery(analysisProgressQueryOptions())
