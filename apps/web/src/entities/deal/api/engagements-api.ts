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

/** What the user confirmed after the preview; each part only when it differs from the server's. */
export interface EngagementDetails {
  roles?: SpeakerRoles
  name?: string
  /** ISO 8601 instant. */
  occurredAt?: string
  /** Speakers (buyers matching no contact) to add to the deal's contacts with the call. */
  addContacts?: string[]
}

/** "a@x.com, b@y.com" → the list the API takes; nothing when empty. */
function recipients(text: string): string[] | undefined {
  const list = text
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter(Boolean)
  return list.length > 0 ? list : undefined
}

function send<T>(
  path: string,
  source: EngagementSource,
  details: EngagementDetails = {},
): Promise<T> {
  const { roles, name, occurredAt, addContacts } = details
  if (source.kind === 'file') {
    const form = new FormData()
    form.set('file', source.file)
    if (roles) form.set('roles', JSON.stringify(roles))
    if (addContacts) form.set('add_contacts', JSON.stringify(addContacts))
    if (name !== undefined) form.set('name', name)
    if (occurredAt !== undefined) form.set('occurred_at', occurredAt)
    return postForm<T>(path, form)
  }
  const body =
    source.kind === 'paste'
      ? {
          type: 'transcript',
          text: source.text,
          roles,
          name,
          occurred_at: occurredAt,
          add_contacts: addContacts,
        }
      : {
          type: 'email',
          direction: source.direction,
          from: source.from,
          to: recipients(source.to),
          subject: source.subject,
          body: source.body,
          occurred_at: occurredAt,
        }
  return apiRequest<T>(path, { method: 'POST', body })
}

export const previewEngagement = (dealId: string, source: EngagementSource) =>
  send<EngagementPreview>(`/v1/deals/${encodeURIComponent(dealId)}/engagements/preview`, source)

export function useSaveEngagement(dealId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ source, details }: { source: EngagementSource; details: EngagementDetails }) =>
      send<{ engagement: EngagementSummary }>(
        `/v1/deals/${encodeURIComponent(dealId)}/engagements`,
        source,
        details,
      ),
    // The upload queues an analysis: refetching it shows "Analysing…" without a reload.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: engagementKeys.ofDeal(dealId) }),
        queryClient.invalidateQueries({ queryKey: analysisKeys.ofDeal(dealId) }),
        queryClient.invalidateQueries({ queryKey: dealKeys.one(dealId) }),
        // Who took part changes the contacts' engagement, and an upload may add contacts.
        queryClient.invalidateQueries({ queryKey: dealKeys.contacts(dealId) }),
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
        queryClient.invalidateQueries({ queryKey: dealKeys.contacts(dealId) }),
      ]),
  })
}
