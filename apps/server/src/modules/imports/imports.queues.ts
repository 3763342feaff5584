import { z } from 'zod'
import { defineQueue } from '../../jobs/queue-definition.js'

const payload = z.object({ organisationId: z.uuid(), importId: z.uuid() })

/**
 * The dry run of an uploaded CSV. It only reads and records its findings, so a retry after a
 * crash starts it over; one job per import at a time (singleton key).
 */
export const VALIDATE_IMPORT_QUEUE = defineQueue({
  name: 'validate-import',
  payload,
  options: {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 3600,
  },
  sendOptions: ({ importId }) => ({ singletonKey: importId }),
  workOptions: { pollingIntervalSeconds: 0.5 },
})

/**
 * Writes a validated import in batches, each its own transaction that also moves rows_done, so
 * a retry after a restart picks up at the first batch not written.
 */
export const COMMIT_IMPORT_QUEUE = defineQueue({
  name: 'commit-import',
  payload,
  options: {
    policy: 'stately',
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 3600,
  },
  sendOptions: ({ importId }) => ({ singletonKey: importId }),
  workOptions: { pollingIntervalSeconds: 0.5 },
})
