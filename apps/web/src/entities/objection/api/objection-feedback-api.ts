import type {
  ObjectionFeedback,
  ObjectionFeedbackBody,
} from '@dealcoach/contracts/objection-analysis'
import type { ObjectionTypesResponse } from '@dealcoach/contracts/objections'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { analysisKeys } from '@/entities/deal/api/analysis-api'
import { apiRequest } from '@/lib/api-client'

/** Every query of the objection report starts with this key, so one correction refreshes them all. */
export const OBJECTION_REPORT_KEY = ['objection-report'] as const

/** The deal analyses' common prefix: a deal's results and the organisation's progress. */
const ANALYSIS_KEY = analysisKeys.progress.slice(0, 1)

/** The types a quote may be filed under: the first 100, by name (the report's filter shares it). */
export const objectionTypeChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...OBJECTION_REPORT_KEY, 'types'],
    queryFn: async () => {
      try {
        return await apiRequest<ObjectionTypesResponse>('/v1/objections/types?page=1&page_size=100')
      } catch (error) {
        // Spec §8: logged, and the failure passed on to whoever shows it.
        console.warn('The objection types could not be loaded.', error)
        throw error
      }
    },
  })

export const useObjectionTypeChoices = () => useQuery(objectionTypeChoicesQueryOptions())

/**
 * A correction changes the report's counts and the deal's objections wherever they are shown:
 * both are read again. The deal is analysed again too, so its progress is read afresh and its
 * end refreshes them once more.
 */
function useRefreshAfterCorrection() {
  const client = useQueryClient()
  // Not awaited: the user hears of the correction at once, and the lists follow.
  return () => {
    void client.invalidateQueries({ queryKey: OBJECTION_REPORT_KEY })
    void client.invalidateQueries({ queryKey: ANALYSIS_KEY })
  }
}

export function useSendFeedback() {
  const refresh = useRefreshAfterCorrection()
  return useMutation({
    mutationFn: ({ objectionId, body }: { objectionId: string; body: ObjectionFeedbackBody }) =>
      apiRequest<ObjectionFeedback>(`/v1/objections/${encodeURIComponent(objectionId)}/feedback`, {
        method: 'POST',
        body,
      }),
    onSuccess: refresh,
  })
}

export function useUndoFeedback() {
  const refresh = useRefreshAfterCorrection()
  return useMutation({
    mutationFn: (feedbackId: string) =>
      apiRequest<void>(`/v1/objections/feedback/${encodeURIComponent(feedbackId)}`, {
        method: 'DELETE',
      }),
    onSuccess: refresh,
  })
}

/** Admins: the quote becomes an example of its type, which the next analysis learns from. */
export function usePromoteObjection() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (objectionId: string) =>
      apiRequest<unknown>(`/v1/objections/${encodeURIComponent(objectionId)}/promote`, {
        method: 'POST',
        body: {},
      }),
    // The type's examples changed: its configuration page reads them afresh.
    onSuccess: () => client.invalidateQueries({ queryKey: ['objection-types'] }),
  })
}
