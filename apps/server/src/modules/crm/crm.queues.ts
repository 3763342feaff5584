import { z } from 'zod'
import { defineQueue } from '../../jobs/queue-definition.js'

/**
 * One sync of one CRM connection. Each page is its own transaction that also stores where the
 * sync stands, so a retry resumes; one job per connection at a time (singleton key). Retries
 * back off: a CRM that rate-limits us past the client's own waiting gets minutes to recover.
 */
export const CRM_SYNC_QUEUE = defineQueue({
  name: 'crm-sync',
  payload: z.object({ organisationId: z.uuid(), integrationId: z.uuid() }),
  options: {
    policy: 'stately',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 4 * 3600,
  },
  sendOptions: ({ integrationId }) => ({ singletonKey: integrationId }),
  workOptions: { pollingIntervalSeconds: 0.5 },
})

/** Every 30 minutes: an incremental sync of every linked connection that is not syncing. */
export const CRM_SYNC_DUE_QUEUE = defineQueue({
  name: 'crm-sync-due',
  payload: z.object({}),
  options: { retryLimit: 1 },
  schedule: '*/30 * * * *',
})
