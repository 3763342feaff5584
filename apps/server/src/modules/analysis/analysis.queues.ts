import { z } from 'zod'
import { defineQueue } from '../../jobs/queue-definition.js'

/**
 * Analyses one deal. `stately` with the deal as singleton key allows one queued and one active
 * job per deal: a burst of uploads while a job waits adds nothing (the waiting job reads all the
 * evidence when it runs), and an upload during a run queues exactly one follow-up.
 */
export const ANALYSE_DEAL_QUEUE = defineQueue({
  name: 'analyse-deal',
  payload: z.object({
    organisationId: z.uuid(),
    dealId: z.uuid(),
    runId: z.uuid(),
    /** Nobody is waiting on the screen for it (a backfill, the demo): it yields to uploads. */
    background: z.boolean().optional(),
  }),
  options: { policy: 'stately', retryLimit: 3, retryDelay: 10, retryBackoff: true },
  // pg-boss fetches the highest priority first: a user who just uploaded a call sees it analysed
  // within seconds (DESIGN §7) even while hundreds of deals are re-analysed behind it.
  sendOptions: ({ dealId, background }) => ({
    singletonKey: dealId,
    priority: background ? 0 : 10,
  }),
  // A backlog (the demo, a CSV import, a re-analysis) runs back to back in fetches of 8 instead of
  // one job per poll; each run is still its own transaction, and an upload arriving meanwhile waits
  // at most for the rest of one fetch (a run takes ≈ 0.1 s) before its higher priority counts.
  workOptions: { pollingIntervalSeconds: 0.5, batchSize: 8 },
})

/**
 * Daily, at a quiet hour (UTC): open deals whose confidence or warnings the calendar has moved
 * are analysed again (calendar-reanalysis.service.ts).
 */
export const CALENDAR_REANALYSIS_QUEUE = defineQueue({
  name: 'calendar-reanalysis',
  payload: z.object({}),
  options: { retryLimit: 2 },
  schedule: '23 3 * * *',
})
