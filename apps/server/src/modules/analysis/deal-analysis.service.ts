import type {
  DealAnalysis,
  DealFacts,
  Engagement,
  ObjectionCorrection,
  ObjectionTypeConfig,
  PipelineConfig,
  ProductProfile,
} from '@dealcoach/contracts/intelligence'
import type { IntelligenceProvider } from '@dealcoach/intelligence/providers/intelligence-provider'
import type { Database } from '../../db/client.js'
import {
  getRun,
  markRunAttemptFailed,
  markRunDone,
  markRunRunning,
  type NewActionResult,
  type NewObjection,
  replaceDealResults,
} from './analysis.repository.js'

/** The deal as the engine needs it, with the pipeline whose stages and actions apply. */
export interface DealForAnalysis {
  pipelineId: string
  facts: DealFacts
}

/**
 * Where the engine's inputs come from: each is another module's service, joined in
 * services.ts, so this module reads no table it does not own.
 */
export interface AnalysisInputs {
  /** Throws NotFound for a missing deal and another organisation's. */
  deal(tx: Database, organisationId: string, dealId: string): Promise<DealForAnalysis>
  engagements(tx: Database, organisationId: string, dealId: string): Promise<Engagement[]>
  pipeline(tx: Database, organisationId: string, pipelineId: string): Promise<PipelineConfig>
  /** Every type that was not deleted, inactive ones too (their names label old objections). */
  objectionTypes(tx: Database, organisationId: string): Promise<ObjectionTypeConfig[]>
  /** Users' corrections of detected objections, all of the organisation's (issue 14). */
  objectionFeedback(tx: Database, organisationId: string): Promise<ObjectionCorrection[]>
  product(tx: Database, organisationId: string): Promise<ProductProfile>
}

/** The deals module keeps a copy of the current confidence, for its list to sort on. */
export interface DealConfidence {
  setConfidence(
    tx: Database,
    organisationId: string,
    dealId: string,
    confidence: number | null,
  ): Promise<void>
}

/** The objections module's corrections, applied again to the objection rows a run wrote. */
export interface FeedbackRelink {
  relink(tx: Database, organisationId: string, dealId: string): Promise<void>
}

export interface DealAnalysisDeps {
  db: Database
  inputs: AnalysisInputs
  deals: DealConfidence
  provider: IntelligenceProvider
  engineVersion: string
  /** Absent in tests that build the service alone: corrections then stay unlinked. */
  feedback?: FeedbackRelink
  /** The clock; tests fix it. */
  now?: () => Date
}

export interface RunAttempt {
  /** The last try: a failure now marks the run failed for good. */
  finalAttempt: boolean
}

/** Runs one analysis of one deal (DESIGN §8) and stores its results. */
export function createDealAnalysisService(deps: DealAnalysisDeps) {
  const { db, inputs, deals, provider, engineVersion } = deps
  const now = deps.now ?? (() => new Date())

  async function analyse(organisationId: string, dealId: string): Promise<DealAnalysis> {
    const deal = await inputs.deal(db, organisationId, dealId)
    const [engagements, pipeline, objectionTypes, objectionFeedback, product] = await Promise.all([
      inputs.engagements(db, organisationId, dealId),
      inputs.pipeline(db, organisationId, deal.pipelineId),
      inputs.objectionTypes(db, organisationId),
      inputs.objectionFeedback(db, organisationId),
      inputs.product(db, organisationId),
    ])
    return provider.analyseDeal({
      product,
      objection_types: objectionTypes.filter((type) => type.active !== false),
      objection_feedback: objectionFeedback,
      pipeline,
      deal: deal.facts,
      engagements,
      as_of: now().toISOString(),
    })
  }

  return {
    /**
     * Analyses the deal and replaces its results in one transaction, so running it twice leaves
     * the same rows. A failure is recorded on the run and rethrown for pg-boss to retry.
     */
    async run(
      input: { organisationId: string; dealId: string; runId: string },
      attempt: RunAttempt,
    ): Promise<void> {
      const { organisationId, dealId, runId } = input
      const run = await getRun(db, runId)
      // The deal (and its runs) were deleted meanwhile, or another job already finished it.
      if (!run || run.status === 'done' || run.status === 'failed') return
      await markRunRunning(db, runId)
      const started = Date.now()
      try {
        const analysis = await analyse(organisationId, dealId)
        await db.transaction(async (tx) => {
          await replaceDealResults(
            tx,
            organisationId,
            dealId,
            toRows(organisationId, dealId, analysis),
          )
          // Objections keep their ids (ADR 0033); the corrections follow their sentences and
          // apply again to the rows the run wrote over (or to none, if no longer found).
          await deps.feedback?.relink(tx, organisationId, dealId)
          await deals.setConfidence(tx, organisationId, dealId, analysis.confidence.score)
          await markRunDone(tx, runId, {
            provider: analysis.provider,
            engineVersion,
            durationMs: Date.now() - started,
          })
        })
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        await markRunAttemptFailed(db, runId, message, attempt.finalAttempt)
        throw error
      }
    },
  }
}

export type DealAnalysisService = ReturnType<typeof createDealAnalysisService>

function toRows(organisationId: string, dealId: string, analysis: DealAnalysis) {
  const actionResults: NewActionResult[] = analysis.action_results.map((result) => ({
    organisationId,
    dealId,
    actionId: result.action_id,
    engagementId: result.engagement_id,
    status: result.status,
    summary: result.summary,
    summaryCode: result.summary_code ?? null,
    summaryParams: result.summary_params ?? null,
    statusDescription: result.status_description,
    statusDescriptionCode: result.status_description_code ?? null,
    statusDescriptionParams: result.status_description_params ?? null,
    results: result.results,
  }))
  const objections: NewObjection[] = analysis.objections.map((objection) => ({
    organisationId,
    dealId,
    objectionTypeId: objection.type,
    engagementId: objection.engagement.id,
    utteranceIndex: objection.utterance_index,
    text: objection.quote,
    speaker: objection.speaker || null,
    handled: objection.handled,
    handlingScore: objection.handling_score,
    response: objection.seller_reply,
    // An engagement without a date counts from when it was analysed.
    occurredAt: objection.engagement.date ? new Date(objection.engagement.date) : new Date(),
  }))
  return {
    actionResults,
    objections,
    assessment: {
      organisationId,
      dealId,
      // Spec §4: a fit with no scoring was not assessed (too little deal information); it has
      // no tier, so the app shows "assessment pending" and no tier is listed for the deal.
      solutionFitTier: analysis.solution_fit.scoring.length > 0 ? analysis.solution_fit.tier : null,
      solutionFitScoring: analysis.solution_fit.scoring,
      confidence: analysis.confidence.score,
      confidenceFactors: analysis.confidence.factors,
      riskWarnings: analysis.risk_warnings,
    },
  }
}
