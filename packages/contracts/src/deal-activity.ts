import { z } from 'zod'
import { STALENESS_LEVELS } from './deals.js'

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
    status: z.string().describe('Completed, In progress, Pending, …'),
    status_description: z.string(),
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

/** A pipeline's activity covers at most this many days (spec §9's recent activity is 30). */
export const ACTIVITY_MAX_DAYS = 366
export const ACTIVITY_DEFAULT_DAYS = 30

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

export const pipelineActivityQuerySchema = z
  .object({
    pipeline_id: z
      .string()
      .optional()
      .describe('As the spec’s client sends it; when present it must be the path’s id'),
    start_date: z
      .preprocess(blankToUndefined, z.iso.date().optional())
      .describe(`yyyy-MM-dd, inclusive (default ${ACTIVITY_DEFAULT_DAYS} days before end_date)`),
    end_date: z
      .preprocess(blankToUndefined, z.iso.date().optional())
      .describe('yyyy-MM-dd, inclusive (default today, UTC)'),
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
  pipeline_id: z.uuid().describe('Only deals of this pipeline are answered'),
})

export const stageHistoryEntrySchema = z
  .object({
    timestamp: z.string(),
    from_stage: z.object({ stage_id: z.uuid() }).nullable().describe('Null for the first stage'),
    to_stage: z.object({ stage_id: z.uuid() }),
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

export const activityHealthStatsSchema = z
  .object({
    pipeline_id: z.uuid(),
    total: z.number().int().describe('Open deals in the pipeline'),
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
