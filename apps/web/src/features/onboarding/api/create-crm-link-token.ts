import type { CrmLinkTokenBody, CrmLinkTokenResponse } from '@dealcoach/contracts/crm'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { invalidateOnboardingProgress } from '@/entities/onboarding/api/get-onboarding-checklist'
import { crmStatusQueryOptions } from './get-crm-status'

/**
 * Starts linking a CRM (admins). Until its provider is installed the server answers
 * 501 `crm_provider_unavailable`, naming the CRMs it supports.
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
