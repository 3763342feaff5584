import { z } from 'zod'

// Inputs and outputs of the deal-intelligence engine (packages/intelligence, DESIGN §6).
// Field names follow the spec where it names them (status_description, evidenceRefs).

export const speakerRoleSchema = z.enum(['seller', 'buyer', 'unknown'])
export type SpeakerRole = z.infer<typeof speakerRoleSchema>

export const engagementTypeSchema = z.enum(['email', 'transcript', 'meeting', 'note'])
export type EngagementType = z.infer<typeof engagementTypeSchema>

export const emailDirectionSchema = z.enum(['inbound', 'outbound'])
export type EmailDirection = z.infer<typeof emailDirectionSchema>

export const utteranceSchema = z.object({
  speaker: z.string(),
  role: speakerRoleSchema,
  text: z.string(),
  start_ms: z.number().int().nonnegative().optional(),
  end_ms: z.number().int().nonnegative().optional(),
})
export type Utterance = z.infer<typeof utteranceSchema>

export const engagementSchema = z.object({
  id: z.string().min(1),
  type: engagementTypeSchema,
  name: z.string(),
  occurred_at: z.string().nullable().optional(),
  // Transcripts (and meetings) carry utterances; e-mails and notes carry a body.
  utterances: z.array(utteranceSchema).optional(),
  direction: emailDirectionSchema.optional(),
  from: z.string().optional(),
  to: z.array(z.string()).optional(),
  subject: z.string().optional(),
  body: z.string().optional(),
})
export type Engagement = z.infer<typeof engagementSchema>

export const pipelineActionSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().default(''),
  stage_id: z.string().nullable().optional(),
})
export type PipelineAction = z.infer<typeof pipelineActionSchema>

export const pipelineStageSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  position: z.number().int().nonnegative(),
})
export type PipelineStage = z.infer<typeof pipelineStageSchema>

export const pipelineConfigSchema = z.object({
  stages: z.array(pipelineStageSchema),
  actions: z.array(pipelineActionSchema),
})
export type PipelineConfig = z.infer<typeof pipelineConfigSchema>

export const objectionTypeConfigSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().default(''),
  examples: z.array(z.string()).default([]),
  active: z.boolean().default(true),
})
export type ObjectionTypeConfig = z.infer<typeof objectionTypeConfigSchema>

export const productProfileSchema = z.object({
  name: z.string(),
  description: z.string().default(''),
  value_propositions: z.array(z.string()).default([]),
  differentiators: z.array(z.string()).default([]),
  ideal_customer_profile: z.string().default(''),
  competitors: z.array(z.string()).default([]),
})
export type ProductProfile = z.infer<typeof productProfileSchema>

export const dealContactSchema = z.object({
  name: z.string(),
  email: z.string().optional(),
  title: z.string().optional(),
  role: z.string().optional(),
})
export type DealContact = z.infer<typeof dealContactSchema>

export const stageHistoryEntrySchema = z.object({
  from_stage_id: z.string().nullable(),
  to_stage_id: z.string(),
  at: z.string(),
})
export type StageHistoryEntry = z.infer<typeof stageHistoryEntrySchema>

export const dealFactsSchema = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  stage_id: z.string().nullable().optional(),
  stage_history: z.array(stageHistoryEntrySchema).default([]),
  created_at: z.string().optional(),
  close_date: z.string().nullable().optional(),
  last_activity_at: z.string().nullable().optional(),
  owner: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  contacts: z.array(dealContactSchema).default([]),
  status: z.enum(['open', 'won', 'lost']).optional(),
})
export type DealFacts = z.infer<typeof dealFactsSchema>

/**
 * A user's correction of a detected objection (issue 14): the quote is not an objection, or is
 * of another of the organisation's types. The engine applies it to the quote and to sentences
 * that say nearly the same.
 */
export const objectionCorrectionSchema = z.object({
  quote: z.string().min(1),
  verdict: z.enum(['not_objection', 'other_type']),
  objection_type_id: z.string().optional().describe('The right type, for other_type'),
})
export type ObjectionCorrection = z.infer<typeof objectionCorrectionSchema>

export const analysisInputSchema = z.object({
  product: productProfileSchema,
  objection_types: z.array(objectionTypeConfigSchema),
  objection_feedback: z.array(objectionCorrectionSchema).default([]),
  pipeline: pipelineConfigSchema,
  deal: dealFactsSchema.default({ stage_history: [], contacts: [] }),
  engagements: z.array(engagementSchema),
  // The instant "now" for recency rules; kept explicit so analysis stays deterministic.
  as_of: z.string().optional(),
})
export type AnalysisInput = z.input<typeof analysisInputSchema>
export type ParsedAnalysisInput = z.output<typeof analysisInputSchema>

// ---- Outputs ----------------------------------------------------------------------------

/**
 * What a factor's or a warning's text names (days, counts, a quote): the app says it in the
 * reader's language from the name or code; `detail` / `message` is the English for API clients.
 * Absent on analyses stored before it existed. Action results and solution-fit scorings explain
 * themselves the same way (`summary_code`, `status_description_code`, `justification_code`).
 */
export const explanationParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]))
export type ExplanationParams = z.infer<typeof explanationParamsSchema>

export const engineActionStatusSchema = z.enum(['Completed', 'Pending', 'In progress'])
export type EngineActionStatus = z.infer<typeof engineActionStatusSchema>

export const actionResultItemSchema = z.object({
  type: z.enum(['email', 'transcript']),
  result: z.string(),
})
export type ActionResultItem = z.infer<typeof actionResultItemSchema>

/**
 * What an action's summary says, for the app to say it in the reader's language with
 * `summary_params`: `sentences_about` (count, action, quote), `no_clear_sentence` (action),
 * `objections_raised` (count, open).
 */
export const actionSummaryCodeSchema = z.enum([
  'sentences_about',
  'no_clear_sentence',
  'objections_raised',
])
export type ActionSummaryCode = z.infer<typeof actionSummaryCodeSchema>

/**
 * What an action's status description says, with `status_description_params`. Where the evidence
 * was said: `sentences` and the calls, e-mails and conversations it spans (`calls`, `emails`,
 * `conversations`); `promised` quotes the promise (`quote`); `objections_open` names the open
 * objections' types, each once (`types`, joined with ", "; `type_count` of them; `count` open
 * objections).
 */
export const actionStatusDescriptionCodeSchema = z.enum([
  'confirmed',
  'completed_overall',
  'discussed',
  'discussed_by_both',
  'promised',
  'expected',
  'raised',
  'touched_on',
  'objections_answered',
  'objections_open',
])
export type ActionStatusDescriptionCode = z.infer<typeof actionStatusDescriptionCodeSchema>

export const actionResultSchema = z.object({
  action: z.string(),
  action_id: z.string(),
  // The English, for API clients; the codes and params say it in the reader's language (absent
  // on analyses stored before they existed, and from the openai provider, which writes its own).
  summary: z.string(),
  summary_code: actionSummaryCodeSchema.optional(),
  summary_params: explanationParamsSchema.optional(),
  status: engineActionStatusSchema,
  status_description: z.string(),
  status_description_code: actionStatusDescriptionCodeSchema.optional(),
  status_description_params: explanationParamsSchema.optional(),
  results: z.array(actionResultItemSchema),
  engagement_id: z.string().nullable(),
})
export type ActionResult = z.infer<typeof actionResultSchema>

export const engagementRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string().nullable(),
  type: z.string(),
})
export type EngagementRef = z.infer<typeof engagementRefSchema>

export const detectedObjectionSchema = z.object({
  type: z.string(),
  type_name: z.string(),
  quote: z.string(),
  speaker: z.string(),
  role: speakerRoleSchema,
  engagement: engagementRefSchema,
  utterance_index: z.number().int().nonnegative().nullable(),
  confidence: z.number().min(0).max(1),
  handled: z.boolean(),
  handling_score: z.number().min(0).max(1),
  seller_reply: z.string().nullable(),
  cues: z.array(z.string()),
})
export type DetectedObjection = z.infer<typeof detectedObjectionSchema>

export const solutionFitCriterionSchema = z.enum([
  'problem_pain_identification',
  'quantifiable_business_impact',
  'value_proposition_alignment',
  'strategic_urgency',
])
export type SolutionFitCriterion = z.infer<typeof solutionFitCriterionSchema>

export const evidenceRefSchema = z.object({
  engagement: engagementRefSchema,
  // True when the evidence comes from the most recent engagement of the deal.
  new: z.boolean(),
  role: speakerRoleSchema,
  speaker: z.string(),
  text: z.string(),
})
export type EvidenceRef = z.infer<typeof evidenceRefSchema>

/**
 * What a criterion's justification says, for the app to say it in the reader's language with the
 * scoring's `type` and `score`: `score` is the criterion's sentence for its score, `score_doubts`
 * and `score_defers` the same with the buyer's reservation added; `no_product`, `buyer_doubts`
 * and `buyer_defers` explain a zero. Absent on scorings stored before it existed and on the
 * openai provider's, whose justification the model writes.
 */
export const solutionFitJustificationCodeSchema = z.enum([
  'score',
  'score_doubts',
  'score_defers',
  'no_product',
  'buyer_doubts',
  'buyer_defers',
])
export type SolutionFitJustificationCode = z.infer<typeof solutionFitJustificationCodeSchema>

export const solutionFitScoringSchema = z.object({
  type: solutionFitCriterionSchema,
  score: z.number().int().min(0).max(3),
  justification: z.string(),
  justification_code: solutionFitJustificationCodeSchema.optional(),
  evidenceRefs: z.array(evidenceRefSchema),
})
export type SolutionFitScoring = z.infer<typeof solutionFitScoringSchema>

export const solutionFitTierSchema = z.number().int().min(1).max(4)

export const solutionFitSchema = z.object({
  tier: solutionFitTierSchema,
  total: z.number().int().min(0).max(12),
  scoring: z.array(solutionFitScoringSchema),
})
export type SolutionFit = z.infer<typeof solutionFitSchema>

export const confidenceFactorSchema = z.object({
  name: z.string(),
  effect: z.number(),
  detail: z.string(),
  params: explanationParamsSchema.optional(),
})
export type ConfidenceFactor = z.infer<typeof confidenceFactorSchema>

export const confidenceLevelSchema = z.enum(['low', 'medium', 'high'])

export const confidenceSchema = z.object({
  score: z.number().int().min(0).max(100),
  level: confidenceLevelSchema,
  factors: z.array(confidenceFactorSchema),
})
export type Confidence = z.infer<typeof confidenceSchema>

export const riskWarningCodeSchema = z.enum([
  'no_activity',
  'stalled_in_stage',
  'single_threaded',
  'unhandled_objection',
  'no_next_step',
])

export const riskWarningSchema = z.object({
  code: riskWarningCodeSchema,
  severity: z.enum(['low', 'medium', 'high']),
  message: z.string(),
  params: explanationParamsSchema.optional(),
})
export type RiskWarning = z.infer<typeof riskWarningSchema>

export const dealAnalysisSchema = z.object({
  provider: z.string(),
  action_results: z.array(actionResultSchema),
  objections: z.array(detectedObjectionSchema),
  solution_fit: solutionFitSchema,
  confidence: confidenceSchema,
  risk_warnings: z.array(riskWarningSchema),
})
export type DealAnalysis = z.infer<typeof dealAnalysisSchema>
