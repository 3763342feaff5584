import { z } from 'zod'
import { calendarDateSchema } from './dates.js'
import { STALENESS_LEVELS } from './deals.js'
import { actionResultSchema } from './intelligence.js'
import { blankToUndefined, pageSchema, paginationSchema } from './pagination.js'

/** One piece of evidence behind an action's status: what was said or written. */
export const actionEvidenceSchema = z
  .object({ type: z.enum(['email', 'transcript']), result: z.string() })
  .meta({ id: 'ActionEvidence' })

/** What the analysis found about one pipeline action in one engagement (spec §3). */
export const activityActionSchema = z
  .object({
    action: z.string().describe('The action’s name'),
    action_id: z.uuid(),
    summary: z.string(),
    summary_code: actionResultSchema.shape.summary_code,
    summary_params: actionResultSchema.shape.summary_params,
    status: z.string().describe('Completed, In progress, Pending, …'),
    status_description: z.string(),
    status_description_code: actionResultSchema.shape.status_description_code,
    status_description_params: actionResultSchema.shape.status_description_params,
    results: z.array(actionEvidenceSchema),
  })
  .meta({ id: 'ActivityAction' })

export const engagementActivitySchema = z
  .object({
    engagement_timestamp: z.string().describe('When the engagement took place'),
    engagement_id: z.uuid(),
    actions: z.array(activityActionSchema),
  })
  .meta({ id: 'EngagementActivity' })

/** A deal's activity: its engagements in time order with the action results of each. */
export const dealActivitySchema = z
  .object({
    deal_id: z.uuid(),
    deal_name: z.string(),
    activity: z.array(engagementActivitySchema),
  })
  .meta({ id: 'DealActivity' })
export type DealActivity = z.infer<typeof dealActivitySchema>

export const dealActivityResponseSchema = z.object({ models: z.array(dealActivitySchema) })
export type DealActivityResponse = z.infer<typeof dealActivityResponseSchema>

export const ENGAGEMENT_TYPES = ['email', 'transcript', 'meeting', 'note'] as const
export type EngagementType = (typeof ENGAGEMENT_TYPES)[number]

/** An objection the analysis found raised in an engagement, as the activity feed shows it. */
export const activityObjectionSchema = z
  .object({
    objection_id: z.uuid(),
    objection_type_id: z.uuid(),
    objection_type_name: z.string(),
    quote: z.string().describe('What the buyer said or wrote'),
    handled: z.boolean(),
    utterance_index: z
      .number()
      .int()
      .nullable()
      .describe('The utterance (transcripts) or sentence (e-mails) it was raised in'),
  })
  .meta({ id: 'ActivityObjection' })
export type ActivityObjection = z.infer<typeof activityObjectionSchema>

/** A pipeline activity engagement: the deal activity's, plus what it was and what it raised. */
export const pipelineEngagementActivitySchema = engagementActivitySchema
  .extend({
    engagement_type: z.enum(ENGAGEMENT_TYPES),
    engagement_name: z.string(),
    objections: z.array(activityObjectionSchema),
  })
  .meta({ id: 'PipelineEngagementActivity' })
export type PipelineEngagementActivity = z.infer<typeof pipelineEngagementActivitySchema>

/**
 * One deal of a pipeline's activity: its engagements in the window, oldest first, plus where the
 * deal stands and each action's status before the window (so a client can tell which statuses the
 * window's engagements changed).
 */
export const pipelineDealActivitySchema = dealActivitySchema
  .extend({
    stage_id: z.uuid(),
    owner: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    latest_activity_at: z.string().describe('The latest engagement in the window'),
    activity: z.array(pipelineEngagementActivitySchema),
    prior_statuses: z
      .array(z.object({ action_id: z.uuid(), status: z.string() }))
      .describe('Each action’s latest status from the deal’s engagements before the window'),
  })
  .meta({ id: 'PipelineDealActivity' })
export type PipelineDealActivity = z.infer<typeof pipelineDealActivitySchema>

export const pipelineActivityResponseSchema = z.object({
  models: z.array(pipelineDealActivitySchema),
  pagination: paginationSchema,
})
export type PipelineActivityResponse = z.infer<typeof pipelineActivityResponseSchema>

/** Deals per page of a pipeline's activity: the deal list's default (spec §9), at most 100. */
export const ACTIVITY_DEFAULT_PER_PAGE = 30
export const ACTIVITY_MAX_PER_PAGE = 100

/** A pipeline's activity covers at most this many days (spec §9's recent activity is 30). */
export const ACTIVITY_MAX_DAYS = 366
export const ACTIVITY_DEFAULT_DAYS = 30

export const pipelineActivityQuerySchema = z
  .object({
    pipeline_id: z
      .string()
      .optional()
      .describe('As the spec’s client sends it; when present it must be the path’s id'),
    start_date: z
      .preprocess(blankToUndefined, calendarDateSchema.optional())
      .describe(`yyyy-MM-dd, inclusive (default ${ACTIVITY_DEFAULT_DAYS} days before end_date)`),
    end_date: z
      .preprocess(blankToUndefined, calendarDateSchema.optional())
      .describe('yyyy-MM-dd, inclusive (default today, UTC)'),
    owner_id: z
      .preprocess(blankToUndefined, z.uuid().optional())
      .describe('Only deals this user owns'),
    page: pageSchema,
    per_page: z
      .preprocess(
        blankToUndefined,
        z.coerce
          .number()
          .int()
          .min(1)
          .max(ACTIVITY_MAX_PER_PAGE)
          .default(ACTIVITY_DEFAULT_PER_PAGE),
      )
      .describe(
        `Deals per page, 1–${ACTIVITY_MAX_PER_PAGE} (default ${ACTIVITY_DEFAULT_PER_PAGE})`,
      ),
  })
  .superRefine((query, context) => {
    const { start_date: start, end_date: end } = query
    if (start && end && start > end) {
      context.addIssue({ code: 'custom', path: ['end_date'], message: 'is before start_date' })
    }
  })

/** The deal ids to read the stage history of, as a bare list or in an object. */
export const STAGE_HISTORY_MAX_DEALS = 1000
const dealIdsSchema = z.array(z.uuid()).max(STAGE_HISTORY_MAX_DEALS)
/** `{deal_ids: [...]}` is read as its list, so both forms report the same paths (`body.3`). */
const unwrapDealIds = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && 'deal_ids' in value
    ? value.deal_ids
    : value
export const stageHistoryBulkBodySchema = z
  .preprocess(unwrapDealIds, dealIdsSchema)
  .describe(`Deal ids, at most ${STAGE_HISTORY_MAX_DEALS}; {"deal_ids": [...]} is accepted too`)
export const stageHistoryBulkQuerySchema = z.object({
  // Optional to the schema so that a missing or blank one gets spec §8's 'Pipeline ID is required'.
  pipeline_id: z
    .preprocess(blankToUndefined, z.uuid().optional())
    .describe('Required: only deals of this pipeline are answered'),
})

/** A stage of a history entry: its id, and its name, which outlives a removed stage (ADR 0034). */
const historyStageSchema = z.object({
  stage_id: z.uuid(),
  name: z
    .string()
    .optional()
    .describe("The stage's name; still given once the stage is removed from its pipeline"),
})

export const stageHistoryEntrySchema = z
  .object({
    timestamp: z.string(),
    from_stage: historyStageSchema.nullable().describe('Null for the first stage'),
    to_stage: historyStageSchema,
  })
  .meta({ id: 'StageHistoryEntry' })

export const dealStageHistorySchema = z
  .object({ deal_id: z.uuid(), history: z.array(stageHistoryEntrySchema) })
  .meta({ id: 'DealStageHistory' })
export type DealStageHistory = z.infer<typeof dealStageHistorySchema>

export const stageHistoryBulkResponseSchema = z.object({
  models: z.array(dealStageHistorySchema),
})

const stalenessCountsShape = Object.fromEntries(
  STALENESS_LEVELS.map((level) => [level, z.number().int()]),
) as Record<(typeof STALENESS_LEVELS)[number], z.ZodNumber>

export const stalenessCountsSchema = z.object(stalenessCountsShape).meta({ id: 'StalenessCounts' })
export type StalenessCounts = z.infer<typeof stalenessCountsSchema>

/** The activity health of one owner's deals, as the recent-activity page's owner filter asks. */
export const activityHealthQuerySchema = z.object({
  owner_id: z
    .preprocess(blankToUndefined, z.uuid().optional())
    .describe('Only the open deals this user owns'),
})
export type ActivityHealthQuery = z.infer<typeof activityHealthQuerySchema>

export const activityHealthStatsSchema = z
  .object({
    pipeline_id: z.uuid(),
    total: z.number().int().describe('Open deals in the pipeline (of the owner, when asked)'),
    overall: stalenessCountsSchema,
    stages: z.array(
      z.object({
        stage_id: z.uuid(),
        name: z.string(),
        total: z.number().int(),
        counts: stalenessCountsSchema,
      }),
    ),
  })
  .meta({ id: 'ActivityHealthStats' })
export type ActivityHealthStats = z.infer<typeof activityHealthStatsSchema>
