import type { CrmLinkTokenBody, CrmLinkTokenResponse } from '@dealcoach/contracts/crm'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { invalidateOnboardingProgress } from '@/entities/onboarding/api/get-onboarding-checklist'
import { crmStatusQueryOptions } from './get-crm-status'

/**
 * Starts linking a CRM (admins). A CRM outside the status's `linkable_providers` is answered
 * 409 `crm_provider_not_linkable`, naming the CRMs that can be linked.
 */
export const createCrmLinkToken = (body: CrmLinkTokenBody) =>
  apiRequest<CrmLinkTokenResponse>('/v1/crm-integrations/link-token', {
    method: 'POST',
    body,
  })

export const useCreateCrmLinkToken = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCrmLinkToken,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: crmStatusQueryOptions().queryKey }),
        invalidateOnboardingProgress(queryClient),
      ])
    },
  })
}
