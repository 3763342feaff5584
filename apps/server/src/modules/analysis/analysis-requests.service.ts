import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/job-queue.js'
import { ANALYSE_DEAL_QUEUE } from './analysis.queues.js'
import {
  analysedDealIds,
  attachRunToBackfill,
  findQueuedRun,
  insertBackfill,
  insertRun,
  type AnalysisTrigger,
} from './analysis.repository.js'

export type BackfillReason = 'pipeline_actions' | 'objection_types' | 'product_profile'

export interface AnalysisRequestsDeps {
  db: Database
  jobs: JobQueue
  /**
   * The pipeline a deal is in. A function the composition root supplies, so this service depends
   * on no other module's service (engagements calls it; a dependency back would cycle).
   */
  pipelineOfDeal: (tx: Database, organisationId: string, dealId: string) => Promise<string>
  /** Whether the deal has engagements (the engagements module's answer, supplied the same way). */
  hasEvidence: (tx: Database, organisationId: string, dealId: string) => Promise<boolean>
}

export interface AnalysisRequest {
  organisationId: string
  dealId: string
  trigger: AnalysisTrigger
  backfillId?: string
  /** Nobody waits on the screen for this run (a backfill, the demo): it yields to interactive ones. */
  background?: boolean
}

/**
 * Asks for deals to be (re-)analysed (DESIGN §8). Every method joins the caller's transaction, so
 * the run and its job exist only if the change that caused them commits.
 */
export function createAnalysisRequestsService(deps: AnalysisRequestsDeps) {
  const { jobs } = deps

  async function request(
    tx: Database,
    { organisationId, dealId, trigger, backfillId, background }: AnalysisRequest,
  ): Promise<{ runId: string; status: 'queued' }> {
    // A run that has not started yet will read all the deal's evidence when it does, so a burst
    // of writes shares it (and the one job the queue's singleton key allows).
    const queued = await findQueuedRun(tx, organisationId, dealId)
    if (queued && backfillId) await attachRunToBackfill(tx, queued.id, backfillId)
    const run = queued ?? (await insertRun(tx, { organisationId, dealId, trigger, backfillId }))
    // The queue drops this job when one for the deal is already waiting; that job analyses the
    // deal as it is then, which is what this request asks for.
    await jobs.enqueue(tx, ANALYSE_DEAL_QUEUE, {
      organisationId,
      dealId,
      runId: run.id,
      background: background ?? trigger === 'backfill',
    })
    return { runId: run.id, status: 'queued' }
  }

  return {
    request,

    /**
     * Re-analyses a deal after a change to its own facts that the engine reads, as the change's
     * transaction commits. A deal without engagements is left alone: its analysis would be of no
     * evidence at all, and would give a deal nobody has talked to yet a confidence and warnings.
     */
    async requestForDealChange(
      tx: Database,
      { organisationId, dealId }: { organisationId: string; dealId: string },
    ): Promise<void> {
      if (!(await deps.hasEvidence(tx, organisationId, dealId))) return
      await request(tx, { organisationId, dealId, trigger: 'deal_update' })
    },

    /**
     * Re-analyses the deals a configuration change affects: the analysed deals (those with
     * evidence), of one pipeline when given. Answers the backfill's id, or null when no deal is
     * affected.
     */
    async backfill(
      tx: Database,
      input: { organisationId: string; reason: BackfillReason; pipelineId?: string },
    ): Promise<string | null> {
      const { organisationId, reason, pipelineId } = input
      let dealIds = await analysedDealIds(tx, organisationId)
      if (pipelineId) {
        const inPipeline: string[] = []
        for (const dealId of dealIds) {
          if ((await deps.pipelineOfDeal(tx, organisationId, dealId)) === pipelineId) {
            inPipeline.push(dealId)
          }
        }
        dealIds = inPipeline
      }
      if (dealIds.length === 0) return null
      const backfill = await insertBackfill(tx, {
        organisationId,
        reason,
        pipelineId,
        total: dealIds.length,
      })
      for (const dealId of dealIds) {
        await request(tx, { organisationId, dealId, trigger: 'backfill', backfillId: backfill.id })
      }
      return backfill.id
    },
  }
}

export type AnalysisRequestsService = ReturnType<typeof createAnalysisRequestsService>
