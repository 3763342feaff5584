import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { invalidateOnboardingProgress } from '@/entities/onboarding/api/get-onboarding-checklist'

export interface Invitation {
  email: string
  first_name: string
  last_name: string
}

export const inviteUser = (invitation: Invitation) =>
  apiRequest<unknown>('/v1/users/invitations', { method: 'POST', body: invitation })

export const useInviteUser = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'list'] }),
    // An invitation completes an onboarding step; that cache never goes stale.
    onSettled: () => invalidateOnboardingProgress(queryClient),
  })
}
