import type { EngagementDetail } from '@dealcoach/contracts/engagements'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

/**
 * GET /v1/engagements/{id}?engagement_type=…: one call's utterances or one e-mail's text. The
 * server answers 404 when the type differs, so meetings and notes are asked for without one.
 */
export function getEngagement(engagementId: string, type: string) {
  const query = type === 'transcript' || type === 'email' ? `?engagement_type=${type}` : ''
  return apiRequest<EngagementDetail>(`/v1/engagements/${encodeURIComponent(engagementId)}${query}`)
}

export const engagementQueryOptions = (engagementId: string, type: string) =>
  queryOptions({
    queryKey: ['engagement', engagementId, type] as const,
    queryFn: () => getEngagement(engagementId, type),
  })

export const useEngagement = (engagementId: string, type: string) =>
  useQuery(engagementQueryOptions(engagementId, type))
