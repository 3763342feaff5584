import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { INVITATION_LISTS_KEY } from './list-invitations'

export const revokeInvitation = (id: string) =>
  apiRequest<void>(`/v1/users/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' })

export const useRevokeInvitation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeInvitation,
    // Refetched on failure too: a 404 means someone else revoked it or it was just accepted.
    onSettled: () => queryClient.invalidateQueries({ queryKey: INVITATION_LISTS_KEY }),
  })
}
