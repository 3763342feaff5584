import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest, postForm } from '@/lib/api-client'
import { analysisKeys } from './analysis-api'
import { dealKeys } from './deals-api'
import type { EngagementPreview, EngagementSummary, SpeakerRole } from './types'

export const engagementKeys = {
  ofDeal: (dealId: string) => ['engagements', dealId] as const,
}

export const engagementsQueryOptions = (dealId: string) =>
  queryOptions({
    queryKey: engagementKeys.ofDeal(dealId),
    queryFn: () =>
      apiRequest<{ models: EngagementSummary[] }>(
        `/v1/deals/${encodeURIComponent(dealId)}/engagements`,
      ),
  })

export const useEngagements = (dealId: string) => useQuery(engagementsQueryOptions(dealId))

/** What the user gives: a file, a pasted transcript, or an e-mail typed in. */
export type EngagementSource =
  | { kind: 'file'; file: File }
  | { kind: 'paste'; text: string }
  | {
      kind: 'email'
      direction: 'inbound' | 'outbound'
      from: string
      to: string
      subject: string
      body: string
    }

export type SpeakerRoles = Record<string, Exclude<SpeakerRole, 'unknown'>>

function send<T>(path: string, source: EngagementSource, roles?: SpeakerRoles): Promise<T> {
  if (source.kind === 'file') {
    const form = new FormData()
    form.set('file', source.file)
    if (roles) form.set('roles', JSON.stringify(roles))
    return postForm<T>(path, form)
  }
  const body =
    source.kind === 'paste'
      ? { type: 'transcript', text: source.text, ...(roles ? { roles } : {}) }
      : {
          type: 'email',
          direction: source.direction,
          from: source.from,
          to: source.to || undefined,
          subject: source.subject,
          body: source.body,
        }
  return apiRequest<T>(path, { method: 'POST', body })
}

export const previewEngagement = (dealId: string, source: EngagementSource) =>
  send<EngagementPreview>(`/v1/deals/${encodeURIComponent(dealId)}/engagements/preview`, source)

export function useSaveEngagement(dealId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ source, roles }: { source: EngagementSource; roles?: SpeakerRoles }) =>
      send<{ engagement: EngagementSummary }>(
        `/v1/deals/${encodeURIComponent(dealId)}/engagements`,
        source,
        roles,
      ),
    // The upload queues an analysis: refetching it shows "Analysing…" without a reload.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: engagementKeys.ofDeal(dealId) }),
        queryClient.invalidateQueries({ queryKey: analysisKeys.ofDeal(dealId) }),
        queryClient.invalidateQueries({ queryKey: dealKeys.one(dealId) }),
      ]),
  })
}

export function useDeleteEngagement(dealId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (engagementId: string) =>
      apiRequest<void>(`/v1/engagements/${encodeURIComponent(engagementId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: engagementKeys.ofDeal(dealId) }),
        queryClient.invalidateQueries({ queryKey: analysisKeys.ofDeal(dealId) }),
      ]),
  })
}
