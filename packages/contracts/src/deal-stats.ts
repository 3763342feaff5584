import { z } from 'zod'
import { calendarDateSchema } from './dates.js'
import { DEAL_FILTER_FIELDS, DEAL_FILTER_PARAMETERS } from './deals.js'
import { listQuerySchema, queryEnum } from './list-query.js'
import { optionalParameter } from './pagination.js'
import { confidenceFactorSchema } from './intelligence.js'

/** The spec's client asks for 999 (spec §9); lists in a stats answer hold at most this many. */
export const DEAL_STATS_MAX_PAGE_SIZE = 999
export const DEAL_STATS_DEFAULT_PAGE_SIZE = 10

/** How the analysis's free status text reads (spec §4), plus deals with no result at all. */
export const ACTION_PROGRESS = ['completed', 'pending', 'ongoing', 'not_done'] as const
export const actionProgressSchema = z.enum(ACTION_PROGRESS)
export type ActionProgress = z.infer<typeof actionProgressSchema>

const pageSize = z.coerce.number().int().min(1).max(DEAL_STATS_MAX_PAGE_SIZE)

/** The deal filters of GET /v1/deals in both spellings, plus a period and a list size. */
const statsParameters = {
  ...DEAL_FILTER_PARAMETERS,
  start_date: optionalParameter(calendarDateSchema).describe('yyyy-MM-dd, inclusive'),
  end_date: optionalParameter(calendarDateSchema).describe('yyyy-MM-dd, inclusive'),
  per_page: optionalParameter(pageSize).describe(
    `At most this many entries per list, 1–${DEAL_STATS_MAX_PAGE_SIZE} (default ${DEAL_STATS_DEFAULT_PAGE_SIZE})`,
  ),
  perPage: optionalParameter(pageSize).describe('Same as per_page'),
}

function endNotBeforeStart(
  query: { start_date?: unknown; end_date?: unknown },
  context: z.RefinementCtx,
) {
  const { start_date: start, end_date: end } = query
  if (typeof start === 'string' && typeof end === 'string' && start > end) {
    context.addIssue({ code: 'custom', path: ['end_date'], message: 'is before start_date' })
  }
}

export const dealStatsQuerySchema = listQuerySchema(
  DEAL_FILTER_FIELDS,
  statsParameters,
).superRefine(endNotBeforeStart)

/** Action stats also answer the deals behind one cell: `action_id` with `action_status`. */
export const actionStatsQuerySchema = listQuerySchema(DEAL_FILTER_FIELDS, {
  ...statsParameters,
  action_id: optionalParameter(z.uuid()).describe('With action_status: list that cell’s deals'),
  action_status: optionalParameter(queryEnum(ACTION_PROGRESS)).describe(
    'completed, pending, ongoing or not_done (any case); needs action_id',
  ),
}).superRefine((query, context) => {
  endNotBeforeStart(query, context)
  if ((query.action_id === undefined) !== (query.action_status === undefined)) {
    const missing = query.action_id === undefined ? 'action_id' : 'action_status'
    context.addIssue({ code: 'custom', path: [missing], message: 'is required with the other' })
  }
})

const countsShape = Object.fromEntries(
  ACTION_PROGRESS.map((progress) => [progress, z.number().int()]),
) as Record<ActionProgress, z.ZodNumber>
export const actionProgressCountsSchema = z.object(countsShape).meta({ id: 'ActionProgressCounts' })
export type ActionProgressCounts = z.infer<typeof actionProgressCountsSchema>

/** Playbook adherence: per stage and action, how far the filtered deals got with it. */
export const actionStatsSchema = z
  .object({
    total_deals: z.number().int().describe('Deals matching the filters'),
    stages: z.array(
      z.object({
        stage_id: z.uuid().nullable().describe('Null for actions not tied to a stage'),
        name: z.string().nullable(),
        actions: z.array(
          z.object({
            action_id: z.uuid(),
            name: z.string(),
            counts: actionProgressCountsSchema,
          }),
        ),
      }),
    ),
    cell: z
      .object({
        action_id: z.uuid(),
        action_status: actionProgressSchema,
        total: z.number().int(),
        deal_ids: z.array(z.uuid()).describe('At most per_page, by deal name'),
      })
      .nullable()
      .describe('With action_id and action_status: the deals behind that cell'),
  })
  .meta({ id: 'ActionStats' })
export type ActionStats = z.infer<typeof actionStatsSchema>
export const actionStatsResponseSchema = z.object({ data: actionStatsSchema })

/**
 * Action results over time, each dated by the call or e-mail it was found in (or, without one,
 * by when it was analysed), bucketed by day (or month over long windows).
 */
export const actionCompletionStatsSchema = z
  .object({
    start_date: z.iso.date().nullable().describe('The window asked for; null when open'),
    end_date: z.iso.date().nullable(),
    bucket: z.enum(['day', 'month']),
    series: z.array(
      z.object({
        date: z.iso.date().describe('The bucket’s first day'),
        completed: z.number().int(),
        pending: z.number().int(),
        ongoing: z.number().int(),
      }),
    ),
    actions: z
      .array(
        z.object({
          action_id: z.uuid(),
          name: z.string(),
          completed: z.number().int(),
          total: z.number().int(),
        }),
      )
      .describe('Per action over the whole window, most completed first, at most per_page'),
  })
  .meta({ id: 'ActionCompletionStats' })
export type ActionCompletionStats = z.infer<typeof actionCompletionStatsSchema>
export const actionCompletionStatsResponseSchema = z.object({ data: actionCompletionStatsSchema })

/** Confidence in ten-point bands: 0–9, 10–19, …, 90–100. */
export const CONFIDENCE_BAND_WIDTH = 10

const bandSchema = z.object({
  from: z.number().int(),
  to: z.number().int().describe('Inclusive'),
})

export const confidenceStatsSchema = z
  .object({
    total_deals: z.number().int(),
    analysed_deals: z.number().int().describe('Deals with a confidence'),
    average_confidence: z.number().nullable(),
    distribution: z.array(bandSchema.extend({ count: z.number().int() })),
    at_risk: z
      .array(
        z.object({
          deal_id: z.uuid(),
          name: z.string(),
          stage_id: z.uuid(),
          amount: z.number().nullable(),
          close_date: z.iso.date().nullable(),
          confidence: z.number().int(),
          top_factors: z
            .array(confidenceFactorSchema)
            .describe('The three factors that lowered confidence most'),
        }),
      )
      .describe('Open deals, lowest confidence first, at most per_page'),
    calibration: z
      .array(
        bandSchema.extend({
          won: z.number().int(),
          lost: z.number().int(),
          win_rate: z.number().nullable(),
        }),
      )
      .describe('Closed deals per confidence band: is the score calibrated?'),
  })
  .meta({ id: 'ConfidenceStats' })
export type ConfidenceStats = z.infer<typeof confidenceStatsSchema>
export const confidenceStatsResponseSchema = z.object({ data: confidenceStatsSchema })
