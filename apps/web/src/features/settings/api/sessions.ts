import type { EndedSessionsResponse, UserSessionsResponse } from '@dealcoach/contracts/sessions'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

const SESSIONS_KEY = ['users', 'me', 'sessions'] as const

export const listSessions = () => apiRequest<UserSessionsResponse>('/v1/users/me/sessions')

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: SESSIONS_KEY, queryFn: listSessions })

export const useSessions = () => useQuery(sessionsQueryOptions())

export const endSession = (id: string) =>
  apiRequest<void>(`/v1/users/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' })

/** Every session but this one: the current session is never ended from the list. */
export const endOtherSessions = () =>
  apiRequest<EndedSessionsResponse>('/v1/users/me/sessions', { method: 'DELETE' })

function useInvalidateSessions() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY })
}

export function useEndSession() {
  const invalidate = useInvalidateSessions()
  return useMutation({ mutationFn: endSession, onSettled: invalidate })
}

export function useEndOtherSessions() {
  const invalidate = useInvalidateSessions()
  return useMutation({ mutationFn: endOtherSessions, onSettled: invalidate })
}
