import { z } from 'zod'
import { calendarDateSchema } from './dates.js'
import { listQuerySchema, queryEnum, type FilterFields } from './list-query.js'
import { optionalParameter, pageSchema, paginationSchema } from './pagination.js'

/** The statuses a deal can have; `won` and `lost` close it. */
export const dealStatusSchema = z.enum(['open', 'won', 'lost'])
export type DealStatus = z.infer<typeof dealStatusSchema>

/** Where a deal came from: typed in, the demo workspace, a CSV import or a CRM sync. */
export const dealSourceSchema = z.enum(['manual', 'demo', 'import', 'crm'])

/** The related records a deal answer can embed, asked for with `includes=stage,owner,contacts`. */
export const DEAL_INCLUDES = ['stage', 'owner', 'contacts', 'assessment'] as const
export type DealInclude = (typeof DEAL_INCLUDES)[number]

export const dealContactSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string().nullable(),
    title: z.string().nullable(),
    role: z.string().nullable().describe('The contact’s role in this deal (champion, buyer, …)'),
  })
  .meta({ id: 'DealContact' })
export type DealContact = z.infer<typeof dealContactSchema>

/** The deal's current assessment in brief; the whole analysis is `GET /v1/deals/{id}/analysis`. */
export const dealAssessmentSummarySchema = z
  .object({
    confidence: z.number().int().min(0).max(100).nullable().describe('0–100'),
    solution_fit_tier: z
      .number()
      .int()
      .min(1)
      .max(4)
      .nullable()
      .describe('1 excellent, 2 strong, 3 moderate, 4 weak fit'),
    analysed_at: z.string().describe('When the assessment was computed'),
  })
  .meta({ id: 'DealAssessmentSummary' })
export type DealAssessmentSummary = z.infer<typeof dealAssessmentSummarySchema>

export const dealSchema = z
  .object({
    id: z.uuid(),
    pipeline_id: z.uuid(),
    stage_id: z.uuid(),
    owner_id: z.uuid().nullable(),
    name: z.string(),
    account_name: z.string().nullable().describe('The buyer company'),
    amount: z.number().nullable(),
    currency: z.string().nullable().describe('ISO 4217 code'),
    close_date: z.iso.date().nullable(),
    status: dealStatusSchema,
    source: dealSourceSchema,
    last_activity_at: z.string().nullable(),
    confidence: z
      .number()
      .int()
      .min(0)
      .max(100)
      .nullable()
      .describe('The current assessment’s confidence, 0–100; null until the deal is analysed'),
    created_at: z.string(),
    updated_at: z.string(),
    stage: z.object({ id: z.uuid(), name: z.string() }).optional(),
    owner: z
      .object({ id: z.uuid(), first_name: z.string(), last_name: z.string() })
      .nullable()
      .optional(),
    contacts: z.array(dealContactSchema).optional(),
    assessment: dealAssessmentSummarySchema
      .nullable()
      .optional()
      .describe('With includes=assessment; null until the deal is analysed'),
  })
  .meta({ id: 'Deal' })
export type Deal = z.infer<typeof dealSchema>

const nameSchema = z.string().trim().min(1).max(200)
/** Money with at most two decimals (cents), never negative. */
const amountSchema = z
  .number()
  .min(0)
  .max(999_999_999_999.99)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: 'must have at most 2 decimals',
  })
const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter ISO 4217 code')
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null))

export const dealContactInputSchema = z.object({
  id: z.uuid().optional().describe('An existing contact of this deal to keep (and update)'),
  name: nameSchema,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email().max(320))
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((value) => value ?? null),
  title: optionalText(200),
  role: optionalText(100),
})
export type DealContactInput = z.infer<typeof dealContactInputSchema>

const contactsInputSchema = z.array(dealContactInputSchema).max(100)

export const createDealBodySchema = z.strictObject({
  pipeline_id: z.uuid(),
  stage_id: z.uuid(),
  name: nameSchema,
  account_name: optionalText(200).describe('The buyer company'),
  owner_id: z.uuid().nullish().describe('Defaults to you; members may only name themselves'),
  amount: amountSchema.nullish(),
  currency: currencySchema.nullish().describe('Defaults to USD'),
  close_date: calendarDateSchema.nullish(),
  status: dealStatusSchema.optional(),
  contacts: contactsInputSchema.optional(),
})
export type CreateDealBody = z.infer<typeof createDealBodySchema>

export const updateDealBodySchema = z.strictObject({
  name: nameSchema.optional(),
  account_name: z
    .string()
    .trim()
    .max(200)
    .transform((value) => value || null)
    .nullable()
    .optional()
    .describe('The buyer company; null or blank clears it'),
  pipeline_id: z.uuid().optional().describe('Moving to another pipeline needs a stage_id of it'),
  stage_id: z.uuid().optional(),
  owner_id: z.uuid().nullable().optional(),
  amount: amountSchema.nullable().optional(),
  currency: currencySchema.nullable().optional(),
  close_date: calendarDateSchema.nullable().optional(),
  status: dealStatusSchema.optional(),
  contacts: contactsInputSchema
    .optional()
    .describe('Replaces the list: with id kept/updated, without id created, absent unlinked'),
})
export type UpdateDealBody = z.infer<typeof updateDealBodySchema>

export const dealParamsSchema = z.object({ id: z.uuid().describe('The deal’s id') })

/** `a,b` and repeated keys both become `['a', 'b']`; blank entries are dropped. */
function includesList(value: unknown): unknown[] {
  const entries: unknown[] = Array.isArray(value) ? value : [value]
  return entries
    .flatMap((entry): unknown[] => (typeof entry === 'string' ? entry.split(',') : [entry]))
    .map((entry) => (typeof entry === 'string' ? entry.trim() : entry))
    .filter((entry) => entry !== '' && entry !== undefined)
}

/** Spec §7's client asks for the deal list with "includes none": `includes=none` alone. */
const NO_INCLUDES = 'none'

function includesOrNone(value: unknown): unknown[] {
  const entries = includesList(value)
  const [only] = entries
  return entries.length === 1 && typeof only === 'string' && only.toLowerCase() === NO_INCLUDES
    ? []
    : entries
}

/** `includes=stage,owner` (comma list, or repeated, in any case), or `none`; unknown names are a 400. */
export const dealIncludesSchema = z
  .preprocess(includesOrNone, z.array(queryEnum(DEAL_INCLUDES)))
  .optional()
  .describe(
    'Comma list of stage, owner, contacts, assessment (any case); none (the default) embeds nothing',
  )

export const dealQuerySchema = z.object({ includes: dealIncludesSchema })

/** How recently a deal saw activity: the deal list filters on it, pipelines count by it. */
export const STALENESS_LEVELS = ['active', 'cooling', 'stale'] as const
export const stalenessSchema = z.enum(STALENESS_LEVELS)
export type Staleness = z.infer<typeof stalenessSchema>
/** Active: last activity at most this many days ago. */
export const ACTIVE_MAX_DAYS = 7
/** Cooling: more than ACTIVE_MAX_DAYS and at most this many days ago; older or never is stale. */
export const COOLING_MAX_DAYS = 21

/** The deal list's filters in the grammar's form (DESIGN §5). */
export const DEAL_FILTER_FIELDS = {
  pipeline_id: { value: z.uuid(), operators: ['eq'] },
  stage_id: { value: z.uuid(), operators: ['in'] },
  owner_id: { value: z.uuid(), operators: ['eq'] },
  close_date: { value: calendarDateSchema, operators: ['gte', 'lte'] },
  status: { value: queryEnum(dealStatusSchema.options), operators: ['in'] },
  staleness: { value: queryEnum(STALENESS_LEVELS), operators: ['in'] },
  name: { value: z.string(), operators: ['ilike'] },
} as const satisfies FilterFields

/** What the deal list sorts on; nulls (no amount, never analysed, …) always come last. */
export const DEAL_ORDER_FIELDS = [
  'name',
  'amount',
  'close_date',
  'last_activity_at',
  'confidence',
  'created_at',
] as const
export type DealOrderField = (typeof DEAL_ORDER_FIELDS)[number]
export interface DealOrder {
  field: DealOrderField
  descending: boolean
}

/** The camelCase names, lower-cased as the order is read. */
const ORDER_ALIASES: Readonly<Record<string, DealOrderField>> = {
  closedate: 'close_date',
  lastactivityat: 'last_activity_at',
  createdat: 'created_at',
}

/** `amount` ascending, `-amount` descending; camelCase names are accepted too, in any case. */
const orderBySchema = optionalParameter(
  z
    .string()
    .trim()
    .transform((value, context): DealOrder => {
      const descending = value.startsWith('-')
      const name = descending ? value.slice(1) : value
      const key = name.toLowerCase()
      const field = ORDER_ALIASES[key] ?? key
      if (!(DEAL_ORDER_FIELDS as readonly string[]).includes(field)) {
        context.addIssue({
          code: 'custom',
          message: `unknown order field "${name}"; order by ${DEAL_ORDER_FIELDS.join(', ')}`,
        })
        return z.NEVER
      }
      return { field: field as DealOrderField, descending }
    }),
)

/** A comma list (or repeated key) of values; none at all is the same as absent. */
const listParameter = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => {
    const entries = includesList(value)
    return entries.length > 0 ? entries : undefined
  }, z.array(item).optional())

export const DEALS_DEFAULT_PAGE_SIZE = 30
export const DEALS_MAX_PAGE_SIZE = 100

const pageSize = z.coerce.number().int().min(1).max(DEALS_MAX_PAGE_SIZE)

export const DEAL_ORDER_NOTE = `orderBy or order_by: one of ${DEAL_ORDER_FIELDS.join(', ')} (any case), ascending; prefix it with - (order_by=-amount) or add direction=desc for descending. Nulls come last either way, ties go to the most recently created deal. amount groups the deals by currency first (ISO code A to Z, none last, the same either way) and orders each currency's amounts: amounts in different currencies are never compared (ADR 0037). created_at is when the deal was added (by hand, an import or a CRM sync; -created_at: the newest first); deals added together are ordered by id. Without it: last_activity_at descending (never active last), then newest first.`

/**
 * The deal list's query: the spec's camelCase names (pipelineId, stageIds, searchQuery, perPage,
 * orderBy, …) and the filter grammar's (pipeline_id.eq, stage_id.in, name.ilike, per_page,
 * order_by, …) are both accepted; blank values are ignored (spec §5).
 */
export const dealsQuerySchema = listQuerySchema(DEAL_FILTER_FIELDS, {
  pipelineId: optionalParameter(z.uuid()).describe('Same as pipeline_id.eq'),
  stageIds: listParameter(z.uuid()).describe('Comma list of stage ids; same as stage_id.in'),
  ownerId: optionalParameter(z.uuid()).describe('Same as owner_id.eq'),
  closeDateGte: optionalParameter(calendarDateSchema).describe(
    'yyyy-MM-dd; same as close_date.gte',
  ),
  closeDateLte: optionalParameter(calendarDateSchema).describe(
    'yyyy-MM-dd; same as close_date.lte',
  ),
  statuses: listParameter(queryEnum(dealStatusSchema.options)).describe(
    'Comma list of open, won, lost (any case)',
  ),
  searchQuery: optionalParameter(z.string().trim().max(200)).describe(
    'Part of the deal name or account name; same as name.ilike',
  ),
  page: pageSchema,
  perPage: optionalParameter(pageSize).describe(
    `Deals per page, 1–${DEALS_MAX_PAGE_SIZE} (default ${DEALS_DEFAULT_PAGE_SIZE})`,
  ),
  per_page: optionalParameter(pageSize).describe('Same as perPage'),
  orderBy: orderBySchema.describe(DEAL_ORDER_NOTE),
  order_by: orderBySchema.describe('Same as orderBy'),
  direction: optionalParameter(queryEnum(['asc', 'desc'])).describe(
    'asc (default) or desc (any case), for orderBy',
  ),
  includes: dealIncludesSchema,
})

/**
 * The deal list's camelCase filters, for the reports that select deals the same way (stats,
 * objection analysis): taken from its schema so that they cannot drift apart.
 */
export const DEAL_FILTER_PARAMETERS = (({
  pipelineId,
  stageIds,
  ownerId,
  closeDateGte,
  closeDateLte,
  statuses,
  searchQuery,
}) => ({ pipelineId, stageIds, ownerId, closeDateGte, closeDateLte, statuses, searchQuery }))(
  dealsQuerySchema.shape,
)

export const dealsResponseSchema = z.object({
  data: z.array(dealSchema),
  pagination: paginationSchema,
})
export type DealsResponse = z.infer<typeof dealsResponseSchema>

/** A contact of the deal with how engaged they are in it. */
export const engagedDealContactSchema = dealContactSchema
  .extend({
    engagement_count: z
      .number()
      .int()
      .describe('The deal’s engagements the contact took part in (by e-mail or name)'),
    last_engaged_at: z.string().nullable().describe('The latest of those engagements'),
  })
  .meta({ id: 'EngagedDealContact' })
export type EngagedDealContact = z.infer<typeof engagedDealContactSchema>

export const dealContactsResponseSchema = z.object({ models: z.array(engagedDealContactSchema) })
