import { z } from 'zod'
import {
  actionResultItemSchema,
  actionResultSchema,
  confidenceFactorSchema,
  engineActionStatusSchema,
  riskWarningSchema,
  solutionFitScoringSchema,
} from './intelligence.js'

/** Where a deal's analysis stands: `none` before the deal's first run. */
export const analysisStatusSchema = z.enum(['none', 'queued', 'running', 'done', 'failed'])
export type AnalysisStatus = z.infer<typeof analysisStatusSchema>

export const dealActionResultSchema = z.object({
  action_id: z.string(),
  action: z.string(),
  stage_id: z.string().nullable(),
  status: engineActionStatusSchema,
  summary: z.string(),
  summary_code: actionResultSchema.shape.summary_code,
  summary_params: actionResultSchema.shape.summary_params,
  status_description: z.string(),
  status_description_code: actionResultSchema.shape.status_description_code,
  status_description_params: actionResultSchema.shape.status_description_params,
  results: z.array(actionResultItemSchema),
  engagement_id: z.string().nullable(),
})
export type DealActionResult = z.infer<typeof dealActionResultSchema>

export const dealObjectionSchema = z.object({
  id: z.string(),
  objection_type_id: z.string(),
  type_name: z.string(),
  engagement_id: z.string(),
  utterance_index: z.number().int().nullable(),
  text: z.string(),
  speaker: z.string().nullable(),
  handled: z.boolean(),
  handling_score: z.number(),
  response: z.string().nullable(),
  occurred_at: z.string(),
  feedback: z
    .object({
      id: z.string(),
      verdict: z.enum(['not_objection', 'other_type']),
      original_type_id: z.string().nullable(),
    })
    .nullable()
    .describe('A user’s correction; a retyped objection is shown under its new type'),
})
export type DealObjection = z.infer<typeof dealObjectionSchema>

/**
 * GET /v1/deals/{id}/analysis: the latest run's status, and the results of the latest finished
 * analysis, so a re-run shows the earlier results until it is done.
 */
export const dealAnalysisBodySchema = z.object({
  deal_id: z.string(),
  status: analysisStatusSchema,
  run_id: z.string().nullable(),
  analysed_at: z.string().nullable(),
  engine_version: z.string().nullable(),
  error: z.string().nullable(),
  action_results: z.array(dealActionResultSchema),
  objections: z.array(dealObjectionSchema),
  solution_fit: z
    .object({
      tier: z.number().int().min(1).max(4),
      scoring: z.array(solutionFitScoringSchema),
    })
    .nullable(),
  confidence: z.object({ score: z.number(), factors: z.array(confidenceFactorSchema) }).nullable(),
  risks: z.array(riskWarningSchema),
})
export type DealAnalysisBody = z.infer<typeof dealAnalysisBodySchema>

/** POST /v1/deals/{id}/analysis (202) and the analysis part of an upload's answer. */
export const analysisQueuedSchema = z.object({ run_id: z.string(), status: z.literal('queued') })
export type AnalysisQueued = z.infer<typeof analysisQueuedSchema>

/**
 * GET /v1/analysis/progress: the organisation's current wave of background analyses, i.e. its runs
 * still queued or running and those finished since the oldest of them was queued. Nothing pending
 * means `pending` and `total` are 0 and `reason` is null. `reason` is `backfill` when a settings re-analysis is part of the wave,
 * otherwise the wave's most common trigger.
 */
export const analysisProgressSchema = z.object({
  pending: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  total: z.number().int(),
  reason: z.enum(['backfill', 'engagement', 'manual', 'deal_update', 'calendar']).nullable(),
})
export type AnalysisProgress = z.infer<typeof analysisProgressSchema>
