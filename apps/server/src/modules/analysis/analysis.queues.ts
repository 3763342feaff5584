import { z } from 'zod'
import { defineQueue } from '../../jobs/queue-definition.js'

/**
 * Analyses one deal. `stately` with the deal as singleton key allows one queued and one active
 * job per deal: a burst of uploads while a job waits adds nothing (the waiting job reads all the
 * evidence when it runs), and an upload during a run queues exactly one follow-up.
 */
export const ANALYSE_DEAL_QUEUE = defineQueue({
  name: 'analyse-deal',
  payload: z.object({ organisationId: z.uuid(), dealId: z.uuid(), runId: z.uuid() }),
  options: { policy: 'stately', retryLimit: 3, retryDelay: 10, retryBackoff: true },
  sendOptions: ({ dealId }) => ({ singletonKey: dealId }),
})
