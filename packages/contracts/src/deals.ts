import { z } from 'zod'
import { listQuerySchema, type FilterFields } from './list-query.js'
import { MAX_PAGE, paginationSchema } from './pagination.js'

/** The statuses a deal can have; `won` and `lost` close it. */
export const dealStatusSchema = z.enum(['open', 'won', 'lost'])
export type DealStatus = z.infer<typeof dealStatusSchema>

/** Where a deal came from: typed in, the demo workspace, a CSV import or a CRM sync. */
export const dealSourceSchema = z.enum(['manual', 'demo', 'import', 'crm'])

/** The related records a deal answer can embed, asked for with `includes=stage,owner,contacts`. */
export const DEAL_INCLUDES = ['stage', 'owner', 'contacts'] as const
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

export const dealSchema = z
  .object({
    id: z.uuid(),
    pipeline_id: z.uuid(),
    stage_id: z.uuid(),
    owner_id: z.uuid().nullable(),
    name: z.string(),
    amount: z.number().nullable(),
    currency: z.string().nullable().describe('ISO 4217 code'),
    close_date: z.iso.date().nullable(),
    status: dealStatusSchema,
    source: dealSourceSchema,
    last_activity_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    stage: z.object({ id: z.uuid(), name: z.string() }).optional(),
    owner: z
      .object({ id: z.uuid(), first_name: z.string(), last_name: z.string() })
      .nullable()
      .optional(),
    contacts: z.array(dealContactSchema).optional(),
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
  owner_id: z.uuid().nullish().describe('Defaults to you; members may only name themselves'),
  amount: amountSchema.nullish(),
  currency: currencySchema.nullish().describe('Defaults to USD'),
  close_date: z.iso.date().nullish(),
  status: dealStatusSchema.optional(),
  contacts: contactsInputSchema.optional(),
})
export type CreateDealBody = z.infer<typeof createDealBodySchema>

export const updateDealBodySchema = z.strictObject({
  name: nameSchema.optional(),
  pipeline_id: z.uuid().optional().describe('Moving to another pipeline needs a stage_id of it'),
  stage_id: z.uuid().optional(),
  owner_id: z.uuid().nullable().optional(),
  amount: amountSchema.nullable().optional(),
  currency: currencySchema.nullable().optional(),
  close_date: z.iso.date().nullable().optional(),
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

/** `includes=stage,owner` (comma list, or repeated); unknown names are a 400. */
export const dealIncludesSchema = z
  .preprocess(includesList, z.array(z.enum(DEAL_INCLUDES)))
  .optional()
  .describe('Comma list of stage, owner, contacts')

export const dealQuerySchema = z.object({ includes: dealIncludesSchema })

/** The deal list's filters (DESIGN §5); issue 12 adds more. */
export const DEAL_FILTER_FIELDS = {
  pipeline_id: { value: z.uuid(), operators: ['eq'] },
  name: { value: z.string(), operators: ['ilike'] },
} as const satisfies FilterFields

export const DEALS_DEFAULT_PAGE_SIZE = 30
export const DEALS_MAX_PAGE_SIZE = 100

const pageSize = z.coerce.number().int().min(1).max(DEALS_MAX_PAGE_SIZE)

/**
 * The deal list's query: the spec's camelCase names (pipelineId, searchQuery, perPage) and the
 * filter grammar's (pipeline_id.eq, name.ilike, per_page) are both accepted.
 */
export const dealsQuerySchema = listQuerySchema(DEAL_FILTER_FIELDS, {
  pipelineId: z.uuid().optional().describe('Same as pipeline_id.eq'),
  searchQuery: z.string().trim().max(200).optional().describe('Same as name.ilike'),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  perPage: pageSize.optional().describe(`Deals per page, 1–${DEALS_MAX_PAGE_SIZE} (default 30)`),
  per_page: pageSize.optional().describe('Same as perPage'),
  includes: dealIncludesSchema,
})

export const dealsResponseSchema = z.object({
  data: z.array(dealSchema),
  pagination: paginationSchema,
})
export type DealsResponse = z.infer<typeof dealsResponseSchema>

export const dealContactsResponseSchema = z.object({ models: z.array(dealContactSchema) })
