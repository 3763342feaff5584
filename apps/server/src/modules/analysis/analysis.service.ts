import type {
  AnalysisProgress,
  AnalysisQueued,
  DealAnalysisBody,
} from '@dealcoach/contracts/analysis'
import type { SolutionFitScoring } from '@dealcoach/contracts/intelligence'
import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import type { AnalysisRequestsService } from './analysis-requests.service.js'
import {
  actionResultsInWindow,
  actionResultsOfEngagements,
  dealResults,
  latestAssessments,
  latestRun,
  pendingWaveCounts,
} from './analysis.repository.js'
import type { AnalysisInputs } from './deal-analysis.service.js'
import {
  type ObjectionCorrectionRef,
  toAnalysisProgress,
  toDealAnalysisBody,
} from './analysis.mappers.js'

/** A deal's current assessment as readers other than the REST body (GraphQL) see it. */
export interface CurrentAssessment {
  dealId: string
  /** Null when the analysis scored no solution-fit criterion. */
  solutionFit: { tier: number; scoring: SolutionFitScoring[] } | null
  confidence: number | null
  computedAt: Date
}

export interface AnalysisDeps {
  db: Database
  inputs: AnalysisInputs
  requests: AnalysisRequestsService
  /** The deal's write check: re-running an analysis is a change members make to their own deals. */
  deals: { getWritable(tx: Database, caller: AuthUser, dealId: string): Promise<unknown> }
  /** Absent in tests that build the service alone: objections then show no correction. */
  corrections?: {
    ofDeal(organisationId: string, dealId: string): Promise<Map<string, ObjectionCorrectionRef>>
  }
}

/** What the API shows of a deal's analysis, and re-runs on request. */
export function createAnalysisService(deps: AnalysisDeps) {
  const { db, inputs, requests, deals } = deps

  /** The caller's organisation's deal; another organisation's is not found, like a missing one. */
  async function ownDeal(tx: Database, caller: AuthUser, dealId: string) {
    return inputs.deal(tx, caller.organisationId, dealId)
  }

  return {
    async get(caller: AuthUser, dealId: string): Promise<DealAnalysisBody> {
      const { organisationId } = caller
      const deal = await ownDeal(db, caller, dealId)
      const [run, results, pipeline, objectionTypes, corrections] = await Promise.all([
        latestRun(db, organisationId, dealId),
        dealResults(db, organisationId, dealId),
        inputs.pipeline(db, organisationId, deal.pipelineId),
        inputs.objectionTypes(db, organisationId),
        deps.corrections?.ofDeal(organisationId, dealId) ?? new Map(),
      ])
      return toDealAnalysisBody(dealId, run, results, { pipeline, objectionTypes, corrections })
    },

    /** The current assessments of the caller's organisation's deals among `dealIds` (absent: none). */
    async currentAssessments(
      caller: AuthUser,
      dealIds: readonly string[],
    ): Promise<CurrentAssessment[]> {
      if (dealIds.length === 0) return []
      const rows = await latestAssessments(db, caller.organisationId, dealIds)
      return rows.map((row) => {
        const scoring = row.solutionFitScoring as SolutionFitScoring[]
        return {
          dealId: row.dealId,
          solutionFit:
            row.solutionFitTier != null && scoring.length > 0
              ? { tier: row.solutionFitTier, scoring }
              : null,
          confidence: row.confidence,
          computedAt: row.computedAt,
        }
      })
    },

    /** Members and admins alike may ask for a fresh analysis of a deal they can see. */
    rerun(caller: AuthUser, dealId: string): Promise<AnalysisQueued> {
      return db.transaction(async (tx) => {
        await deals.getWritable(tx, caller, dealId)
        const { runId } = await requests.request(tx, {
          organisationId: caller.organisationId,
          dealId,
          trigger: 'manual',
        })
        return { run_id: runId, status: 'queued' as const }
      })
    },

    /** What the analysis found in each engagement: its action results, oldest first. */
    engagementActionResults(
      tx: Database,
      organisationId: string,
      engagementIds: readonly string[],
    ) {
      return actionResultsOfEngagements(tx, organisationId, engagementIds)
    },

    /** The same for the deals' engagements in [from, to), without their ids (recent activity). */
    windowActionResults(
      tx: Database,
      organisationId: string,
      dealIds: readonly string[],
      window: { from: Date; to: Date },
    ) {
      return actionResultsInWindow(tx, organisationId, dealIds, window)
    },

    /** The organisation's background analyses since the oldest one still pending. */
    async progress(caller: AuthUser): Promise<AnalysisProgress> {
      return toAnalysisProgress(await pendingWaveCounts(db, caller.organisationId))
    },
  }
}

export type AnalysisService = ReturnType<typeof createAnalysisService>
