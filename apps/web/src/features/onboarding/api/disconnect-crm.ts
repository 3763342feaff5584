import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { invalidateOnboardingProgress } from '@/entities/onboarding/api/get-onboarding-checklist'
import { crmStatusQueryOptions } from './get-crm-status'

/** Forgets the CRM's credentials (admins); every imported record stays. */
export const disconnectCrm = () =>
  apiRequest<void>('/v1/crm-integrations/disconnect', { method: 'POST' })

export const useDisconnectCrm = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: disconnectCrm,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: crmStatusQueryOptions().queryKey }),
        invalidateOnboardingProgress(queryClient),
      ])
    },
  })
}
