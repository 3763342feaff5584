import { z } from 'zod'
import { instantSchema } from './dates.js'
import { DEAL_FILTER_FIELDS, DEAL_FILTER_PARAMETERS, dealStatusSchema } from './deals.js'
import { type FilterFields, listQuerySchema, queryEnum } from './list-query.js'
import { blankToUndefined, listResponseSchema, pageSchema, pageSizeSchema } from './pagination.js'

// Spec §7's objection analysis calls and our objection feedback (issue 14). An objection is
// "created" when the prospect raised it: its time is the call's or e-mail's, not the analysis's.

/** The deal filters, which objection types, and when the objections were raised. */
export const OBJECTION_REPORT_FILTER_FIELDS = {
  ...DEAL_FILTER_FIELDS,
  objection_type_id: { value: z.uuid(), operators: ['eq', 'in'] },
  engagement_timestamp: { value: instantSchema, operators: ['gte', 'lte'] },
} as const satisfies FilterFields

/** `GET /v1/objections/analysis` also filters on `created` (spec §7) and on the verdict. */
export const OBJECTION_ANALYSIS_FILTER_FIELDS = {
  ...OBJECTION_REPORT_FILTER_FIELDS,
  created: { value: instantSchema, operators: ['gte', 'lt'] },
  handled: { value: queryEnum(['true', 'false']), operators: ['eq'] },
} as const satisfies FilterFields

/** The trend's buckets: a week starts on Monday (ISO 8601). */
export const OBJECTION_TREND_INTERVALS = ['week', 'month'] as const

const rate = z.number().nullable().describe('0–1; null when there is nothing to divide by')

/** How many objections were raised and how many the reps handled. */
const handlingCountsShape = {
  raised: z.number().int().describe('Objections raised, rejected ones excluded'),
  handled: z.number().int(),
  handled_rate: rate,
}

const trendPointSchema = z.object({
  start: z.iso.date().describe('The bucket’s first day'),
  ...handlingCountsShape,
})

/** Deals that met an objection of a type, split by whether its latest instance was handled. */
const outcomeSchema = z.object({
  deals: z.number().int(),
  closed: z.number().int().describe('Of these, deals won or lost'),
  won: z.number().int(),
  win_rate: rate.describe('won / closed'),
  progressed: z
    .number()
    .int()
    .describe('Deals that moved to a later stage after the objection was first raised'),
  progress_rate: rate.describe('progressed / deals'),
})

/** `GET /v1/objections/common-objections-analysis`: the report per objection type. */
export const commonObjectionsQuerySchema = listQuerySchema(OBJECTION_REPORT_FILTER_FIELDS, {
  ...DEAL_FILTER_PARAMETERS,
  interval: z
    .preprocess(blankToUndefined, queryEnum(OBJECTION_TREND_INTERVALS).default('week'))
    .describe('The trend’s bucket: week (default) or month, in any case'),
})

export const commonObjectionsSchema = z
  .object({
    total: z.object({ ...handlingCountsShape, deals: z.number().int() }),
    interval: z.enum(OBJECTION_TREND_INTERVALS),
    trend: z.array(trendPointSchema).describe('All types together, oldest bucket first'),
    types: z
      .array(
        z.object({
          objection_type_id: z.uuid(),
          name: z.string(),
          active: z.boolean(),
          ...handlingCountsShape,
          share: rate.describe('This type’s share of all objections raised'),
          deals: z.number().int().describe('Deals where it was raised'),
          trend: z.array(trendPointSchema),
          outcomes: z.object({ handled: outcomeSchema, not_handled: outcomeSchema }),
        }),
      )
      .describe('Types raised at least once, most raised first'),
  })
  .meta({ id: 'CommonObjections' })
export type CommonObjections = z.infer<typeof commonObjectionsSchema>
export const commonObjectionsResponseSchema = z.object({ data: commonObjectionsSchema })

/** `GET /v1/objections/analysis/handling-stats`: objections met and handled, per rep. */
export const objectionHandlingStatsQuerySchema = listQuerySchema(
  OBJECTION_REPORT_FILTER_FIELDS,
  DEAL_FILTER_PARAMETERS,
)

export const objectionHandlingStatsSchema = z
  .object({
    total: z.object(handlingCountsShape),
    reps: z
      .array(
        z.object({
          owner: z
            .object({ id: z.uuid(), name: z.string() })
            .nullable()
            .describe('The deal owner; null for deals nobody owns'),
          ...handlingCountsShape,
          types: z.array(z.object({ objection_type_id: z.uuid(), ...handlingCountsShape })),
        }),
      )
      .describe('Most objections met first'),
  })
  .meta({ id: 'ObjectionHandlingStats' })
export type ObjectionHandlingStats = z.infer<typeof objectionHandlingStatsSchema>
export const objectionHandlingStatsResponseSchema = z.object({
  data: objectionHandlingStatsSchema,
})

export const OBJECTION_ANALYSIS_ORDER_FIELDS = ['created', 'handling_score'] as const
export const OBJECTION_ANALYSIS_DEFAULT_PAGE_SIZE = 30

/**
 * `GET /v1/objections/analysis`: the objections themselves, for the drill-down and the best
 * answers (`handled.eq=true&order_by=handling_score`).
 */
export const objectionAnalysisQuerySchema = listQuerySchema(OBJECTION_ANALYSIS_FILTER_FIELDS, {
  ...DEAL_FILTER_PARAMETERS,
  order_by: z
    .preprocess(blankToUndefined, queryEnum(OBJECTION_ANALYSIS_ORDER_FIELDS).default('created'))
    .describe('created (when it was raised; default) or handling_score, in any case'),
  direction: z
    .preprocess(blankToUndefined, queryEnum(['asc', 'desc']).default('desc'))
    .describe('asc or desc (default), in any case'),
  page: pageSchema,
  page_size: pageSizeSchema(OBJECTION_ANALYSIS_DEFAULT_PAGE_SIZE).describe(
    `Objections per page (default ${OBJECTION_ANALYSIS_DEFAULT_PAGE_SIZE})`,
  ),
})

export const OBJECTION_FEEDBACK_VERDICTS = ['not_objection', 'other_type'] as const
export const objectionFeedbackVerdictSchema = z.enum(OBJECTION_FEEDBACK_VERDICTS)
export type ObjectionFeedbackVerdict = z.infer<typeof objectionFeedbackVerdictSchema>

const namedRef = z.object({ id: z.uuid(), name: z.string() })

export const objectionAnalysisSchema = z
  .object({
    id: z.uuid(),
    objection_type_id: z.uuid(),
    type_name: z.string(),
    text: z.string().describe('What the prospect said'),
    speaker: z.string().nullable(),
    response: z.string().nullable().describe('What the rep answered'),
    handled: z.boolean(),
    handling_score: z.number().describe('How well the rep handled it, 0–1'),
    created: z.iso.datetime().describe('When it was raised: the call’s or e-mail’s time'),
    utterance_index: z.number().int().nullable().describe('Where in the call or e-mail'),
    deal: namedRef.extend({
      status: dealStatusSchema,
      stage_id: z.uuid(),
      owner: namedRef.nullable(),
    }),
    engagement: z.object({
      id: z.uuid(),
      type: z.enum(['email', 'transcript', 'meeting', 'note']),
      name: z.string(),
      occurred_at: z.iso.datetime(),
    }),
    feedback: z
      .object({
        id: z.uuid(),
        verdict: objectionFeedbackVerdictSchema,
        original_type_id: z.uuid().nullable(),
      })
      .nullable()
      .describe('A user’s correction: "other_type" objections are shown under their new type'),
  })
  .meta({ id: 'ObjectionAnalysis' })
export type ObjectionAnalysis = z.infer<typeof objectionAnalysisSchema>
export const objectionAnalysisResponseSchema = listResponseSchema(objectionAnalysisSchema)

/** `POST /v1/objections/{id}/feedback`: a user's correction; a new one replaces the last. */
export const objectionFeedbackBodySchema = z
  .object({
    verdict: objectionFeedbackVerdictSchema,
    objection_type_id: z.uuid().optional().describe('The right type; required for other_type'),
  })
  .superRefine((body, context) => {
    if (body.verdict === 'other_type' && body.objection_type_id === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['objection_type_id'],
        message: 'is required for other_type',
      })
    }
  })
export type ObjectionFeedbackBody = z.infer<typeof objectionFeedbackBodySchema>

export const objectionIdParamsSchema = z.object({ id: z.uuid().describe('The objection’s id') })
export const objectionFeedbackParamsSchema = z.object({
  id: z.uuid().describe('The correction’s id'),
})

/** A correction, kept when the objection it was made on is re-analysed away. */
export const objectionFeedbackSchema = z
  .object({
    id: z.uuid(),
    objection_id: z.uuid().nullable().describe('Null once re-analysis no longer finds it'),
    verdict: objectionFeedbackVerdictSchema,
    quote: z.string(),
    original_type: namedRef.nullable(),
    corrected_type: namedRef.nullable().describe('For other_type'),
    deal: namedRef,
    engagement_id: z.uuid(),
    user: namedRef.nullable().describe('Who corrected it; null once that user is gone'),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'ObjectionFeedback' })
export type ObjectionFeedback = z.infer<typeof objectionFeedbackSchema>

/** `GET /v1/objections/feedback`: the organisation's corrections, newest first. */
export const objectionFeedbackQuerySchema = z.object({
  page: pageSchema,
  page_size: pageSizeSchema(30).describe('Corrections per page, 1–1000 (default 30)'),
})
export const objectionFeedbackListResponseSchema = listResponseSchema(objectionFeedbackSchema)

/** `POST /v1/objections/{id}/promote` (admins): the quote becomes an example of a type. */
export const promoteObjectionBodySchema = z.object({
  objection_type_id: z
    .uuid()
    .optional()
    .describe('The type to add the example to; the objection’s own by default'),
})

export type CommonObjectionsQuery = z.input<typeof commonObjectionsQuerySchema>
export type ObjectionAnalysisQuery = z.input<typeof objectionAnalysisQuerySchema>
export type ObjectionHandlingStatsQuery = z.input<typeof objectionHandlingStatsQuerySchema>
export type ObjectionFeedbackList = z.infer<typeof objectionFeedbackListResponseSchema>
export type ObjectionAnalysisList = z.infer<typeof objectionAnalysisResponseSchema>
