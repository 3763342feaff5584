import type { CrmIntegrationStatus } from '@dealcoach/contracts/crm'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { crmStatusQueryOptions } from './get-crm-status'

/** Queues a sync of the linked CRM (admins); 409 when none is linked or it needs connecting again. */
export const syncCrm = () =>
  apiRequest<CrmIntegrationStatus>('/v1/crm-integrations/sync', { method: 'POST' })

export const useSyncCrm = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: syncCrm,
    onSuccess: (status) => queryClient.setQueryData(crmStatusQueryOptions().queryKey, status),
  })
}
