import type { CrmIntegrationStatus } from '@dealcoach/contracts/crm'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { apiRequest } from '@/lib/api-client'

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

/**
 * The CRM status, read again while a sync runs. When a sync stops, the deals, contacts, activity,
 * statistics and checklist it changed are stale: every other query is invalidated.
 */
export function useCrmStatus() {
  const queryClient = useQueryClient()
  const status = useQuery(crmStatusQueryOptions())
  const active = isCrmSyncActive(status.data)
  const wasActive = useRef(active)
  useEffect(() => {
    if (wasActive.current && !active) {
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== CRM_STATUS_KEY[0],
      })
    }
    wasActive.current = active
  }, [active, queryClient])
  return status
}
