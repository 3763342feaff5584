import type { CrmIntegrationStatus } from '@dealcoach/contracts/crm'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

export const getCrmStatus = () => apiRequest<CrmIntegrationStatus>('/v1/crm-integrations/status')

/** How often the status is read again while a sync is queued or running. */
export const CRM_SYNC_POLL_MS = 2000

export const isCrmSyncActive = (status: CrmIntegrationStatus | undefined) =>
  status?.sync.state === 'queued' || status?.sync.state === 'running'

export const crmStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['crm-integrations', 'status'],
    queryFn: getCrmStatus,
    // A running sync's phase and counts change by the page: follow them until it stops.
    refetchInterval: (query) => (isCrmSyncActive(query.state.data) ? CRM_SYNC_POLL_MS : false),
  })

export const useCrmStatus = () => useQuery(crmStatusQueryOptions())
