import type { CrmIntegrationStatus } from '@dealcoach/contracts/crm'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { useRefreshAfterJob } from '@/lib/use-refresh-after-job'

export const getCrmStatus = () => apiRequest<CrmIntegrationStatus>('/v1/crm-integrations/status')

/** How often the status is read again while a sync is queued or running. */
export const CRM_SYNC_POLL_MS = 2000

export const isCrmSyncActive = (status: CrmIntegrationStatus | undefined) =>
  status?.sync.state === 'queued' || status?.sync.state === 'running'

const CRM_STATUS_KEY = ['crm-integrations', 'status'] as const

export const crmStatusQueryOptions = () =>
  queryOptions({
    queryKey: CRM_STATUS_KEY,
    queryFn: getCrmStatus,
    // A running sync's phase and counts change by the page: follow them until it stops.
    refetchInterval: (query) => (isCrmSyncActive(query.state.data) ? CRM_SYNC_POLL_MS : false),
  })

/** The CRM status, read again while a sync runs; a sync that stops refreshes what it wrote to. */
export function useCrmStatus() {
  const status = useQuery(crmStatusQueryOptions())
  const active = isCrmSyncActive(status.data)
  useRefreshAfterJob({ running: active, finished: !active }, CRM_STATUS_KEY[0])
  return status
}
