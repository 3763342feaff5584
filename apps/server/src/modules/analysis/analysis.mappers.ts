import type { AnalysisProgress, DealAnalysisBody } from '@dealcoach/contracts/analysis'
import type {
  ConfidenceFactor,
  EngineActionStatus,
  ObjectionTypeConfig,
  PipelineConfig,
  RiskWarning,
  SolutionFitScoring,
} from '@dealcoach/contracts/intelligence'
import type { AnalysisRun, AnalysisTrigger, dealResults } from './analysis.repository.js'

type DealResults = Awaited<ReturnType<typeof dealResults>>

/** A correction of one of the deal's objections (the objections module owns them). */
export interface ObjectionCorrectionRef {
  id: string
  verdict: 'not_objection' | 'other_type'
  originalTypeId: string | null
}

export function toDealAnalysisBody(
  dealId: string,
  run: AnalysisRun | undefined,
  results: DealResults,
  config: {
    pipeline: PipelineConfig
    objectionTypes: ObjectionTypeConfig[]
    corrections: ReadonlyMap<string, ObjectionCorrectionRef>
  },
): DealAnalysisBody {
  const actionsById = new Map(config.pipeline.actions.map((action) => [action.id, action]))
  const typeNames = new Map(config.objectionTypes.map((type) => [type.id, type.name]))
  const { assessment } = results
  return {
    deal_id: dealId,
    status: run?.status ?? 'none',
    run_id: run?.id ?? null,
    analysed_at: assessment?.computedAt.toISOString() ?? null,
    engine_version: run?.engineVersion ?? null,
    error: run?.error ?? null,
    action_results: results.actionResults.map((row) => {
      const action = actionsById.get(row.actionId)
      return {
        action_id: row.actionId,
        action: action?.name ?? '',
        stage_id: action?.stage_id ?? null,
        status: row.status as EngineActionStatus,
        summary: row.summary,
        // As the activity's bodies (deal-activity.mappers.ts): one shape, an absent code left out.
        summary_code: row.summaryCode ?? undefined,
        summary_params: row.summaryParams ?? undefined,
        status_description: row.statusDescription,
        status_description_code: row.statusDescriptionCode ?? undefined,
        status_description_params: row.statusDescriptionParams ?? undefined,
        results: row.results,
        engagement_id: row.engagementId,
      }
    }),
    objections: results.objections.map((row) => ({
      id: row.id,
      objection_type_id: row.objectionTypeId,
      type_name: typeNames.get(row.objectionTypeId) ?? '',
      engagement_id: row.engagementId,
      utterance_index: row.utteranceIndex,
      text: row.text,
      speaker: row.speaker,
      handled: row.handled,
      handling_score: row.handlingScore,
      response: row.response,
      occurred_at: row.occurredAt.toISOString(),
      feedback: correctionBody(config.corrections.get(row.id)),
    })),
    solution_fit:
      assessment?.solutionFitTier != null
        ? {
            tier: assessment.solutionFitTier,
            scoring: assessment.solutionFitScoring as SolutionFitScoring[],
          }
        : null,
    confidence:
      assessment?.confidence != null
        ? {
            score: assessment.confidence,
            factors: assessment.confidenceFactors as ConfidenceFactor[],
          }
        : null,
    risks: (assessment?.riskWarnings ?? []) as RiskWarning[],
  }
}

interface WaveCount {
  status: AnalysisRun['status']
  trigger: AnalysisTrigger
  ofBackfill: boolean
  n: number
}

/** The triggers a wave without a settings re-analysis is named after, first wins a tie. */
const WAVE_REASONS = [
  'engagement',
  'manual',
  'deal_update',
  'calendar',
] as const satisfies AnalysisTrigger[]

/**
 * A settings re-analysis names the wave whenever it is part of it, since that is what the user
 * just did; otherwise the most common trigger does (in WAVE_REASONS' order on a tie).
 */
export function toAnalysisProgress(counts: WaveCount[]): AnalysisProgress {
  const sum = (keep: (row: WaveCount) => boolean) =>
    counts.filter(keep).reduce((total, row) => total + row.n, 0)
  const pending = sum((row) => row.status === 'queued' || row.status === 'running')
  if (pending === 0) return { pending: 0, done: 0, failed: 0, total: 0, reason: null }
  const byTrigger = (trigger: AnalysisTrigger) => sum((row) => row.trigger === trigger)
  const reason: AnalysisTrigger =
    sum((row) => row.ofBackfill || row.trigger === 'backfill') > 0
      ? 'backfill'
      : WAVE_REASONS.reduce((best, trigger) =>
          byTrigger(trigger) > byTrigger(best) ? trigger : best,
        )
  return {
    pending,
    done: sum((row) => row.status === 'done'),
    failed: sum((row) => row.status === 'failed'),
    total: sum(() => true),
    reason,
  }
}

function correctionBody(correction: ObjectionCorrectionRef | undefined) {
  return correction
    ? {
        id: correction.id,
        verdict: correction.verdict,
        original_type_id: correction.originalTypeId,
      }
    : null
}
