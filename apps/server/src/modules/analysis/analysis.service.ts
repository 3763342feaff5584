import type {
  AnalysisProgress,
  AnalysisQueued,
  DealAnalysisBody,
} from '@dealcoach/contracts/analysis'
import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import type { AnalysisRequestsService } from './analysis-requests.service.js'
import { dealResults, latestRun, pendingWaveCounts } from './analysis.repository.js'
import type { AnalysisInputs } from './deal-analysis.service.js'
import { toAnalysisProgress, toDealAnalysisBody } from './analysis.mappers.js'

export interface AnalysisDeps {
  db: Database
  inputs: AnalysisInputs
  requests: AnalysisRequestsService
}

/** What the API shows of a deal's analysis, and re-runs on request. */
export function createAnalysisService(deps: AnalysisDeps) {
  const { db, inputs, requests } = deps

  /** The caller's organisation's deal; another organisation's is not found, like a missing one. */
  async function ownDeal(tx: Database, caller: AuthUser, dealId: string) {
    return inputs.deal(tx, caller.organisationId, dealId)
  }

  return {
    async get(caller: AuthUser, dealId: string): Promise<DealAnalysisBody> {
      const { organisationId } = caller
      const deal = await ownDeal(db, caller, dealId)
      const [run, results, pipeline, objectionTypes] = await Promise.all([
        latestRun(db, organisationId, dealId),
        dealResults(db, organisationId, dealId),
        inputs.pipeline(db, organisationId, deal.pipelineId),
        inputs.objectionTypes(db, organisationId),
      ])
      return toDealAnalysisBody(dealId, run, results, { pipeline, objectionTypes })
    },

    /** Members and admins alike may ask for a fresh analysis of a deal they can see. */
    rerun(caller: AuthUser, dealId: string): Promise<AnalysisQueued> {
      return db.transaction(async (tx) => {
        await ownDeal(tx, caller, dealId)
        const { runId } = await requests.request(tx, {
          organisationId: caller.organisationId,
          dealId,
          trigger: 'manual',
        })
        return { run_id: runId, status: 'queued' as const }
      })
    },

    /** The organisation's background analyses since the oldest one still pending. */
    async progress(caller: AuthUser): Promise<AnalysisProgress> {
      return toAnalysisProgress(await pendingWaveCounts(db, caller.organisationId))
    },
  }
}

export type AnalysisService = ReturnType<typeof createAnalysisService>
