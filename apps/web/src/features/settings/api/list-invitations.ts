import type { InvitationsResponse } from '@dealcoach/contracts/users'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

const PAGE_SIZE = 100

/** Every pending-invitations list: what inviting and revoking invalidate. */
export const INVITATION_LISTS_KEY = ['invitations', 'list'] as const

export const listInvitations = (page = 1) =>
  apiRequest<InvitationsResponse>(`/v1/users/invitations?page=${page}&page_size=${PAGE_SIZE}`)

export const invitationsQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: [...INVITATION_LISTS_KEY, page],
    queryFn: () => listInvitations(page),
  })

/** The organisation's pending invitations; only admins may ask (`enabled`). */
export const useInvitations = (enabled: boolean) =>
  useQuery({ ...invitationsQueryOptions(), enabled })
