import type { InvitationResponse, invitationBodySchema } from '@dealcoach/contracts/users'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import type { z } from 'zod'
import { apiRequest } from '@/lib/api-client'
import { invalidateOnboardingProgress } from '@/entities/onboarding/api/get-onboarding-checklist'
import { INVITATION_LISTS_KEY } from './list-invitations'

/** What the client sends: the role may be left out (the server makes a member). */
export type Invitation = z.input<typeof invitationBodySchema>

export const inviteUser = (invitation: Invitation) =>
  apiRequest<InvitationResponse>('/v1/users/invitations', { method: 'POST', body: invitation })

export const useInviteUser = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users', 'list'] }),
        queryClient.invalidateQueries({ queryKey: INVITATION_LISTS_KEY }),
      ]),
    // An invitation completes an onboarding step; that cache never goes stale.
    onSettled: () => invalidateOnboardingProgress(queryClient),
  })
}

/**
 * What the admin is told once the server has sent it: inviting an address that already had a
 * pending invitation sends that one again with a new link, and the earlier link stops working.
 */
export const invitedMessage = (t: TFunction<'settings'>, answer: InvitationResponse) =>
  answer.status === 'renewed'
    ? t('team.invitation_renewed', { email: answer.email })
    : t('team.invited', { email: answer.email })
