import type { CrmConnectBody, CrmIntegrationStatus } from '@dealcoach/contracts/crm'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { invalidateOnboardingProgress } from '@/entities/onboarding/api/get-onboarding-checklist'
import { crmStatusQueryOptions } from './get-crm-status'

/**
 * Completes a link (admins) with the OAuth code the CRM redirected back with, or a private-app
 * token. The server answers the new status and has queued the first sync.
 */
export const connectCrm = (body: CrmConnectBody) =>
  apiRequest<CrmIntegrationStatus>('/v1/crm-integrations/connect', { method: 'POST', body })

export const useConnectCrm = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: connectCrm,
    onSuccess: async (status) => {
      queryClient.setQueryData(crmStatusQueryOptions().queryKey, status)
      // The checklist's CRM step is computed from the link: it ticks itself.
      await invalidateOnboardingProgress(queryClient)
    },
  })
}
