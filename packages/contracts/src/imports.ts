import { z } from 'zod'
import { listResponseSchema, pageSchema, pageSizeSchema } from './pagination.js'

/** The largest CSV `POST /v1/imports` takes (issue 16: 100 MB / 100k rows). */
export const IMPORT_FILE_MAX_BYTES = 100 * 1024 * 1024
export const IMPORT_MAX_ROWS = 100_000

export const IMPORT_KINDS = ['deals', 'contacts', 'engagements'] as const
export const importKindSchema = z.enum(IMPORT_KINDS)
export type ImportKind = z.infer<typeof importKindSchema>

/**
 * The multipart form of `POST /v1/imports`, as documented (the server reads it from the stream
 * itself, storing the file as it arrives): the text fields must come before the file.
 */
export const importMultipartBodySchema = z.object({
  kind: importKindSchema.describe('What the file holds'),
  mapping: z
    .string()
    .optional()
    .describe(
      'JSON text: {"<field>": "<CSV header>" | null}; null imports the field from no column',
    ),
  value_mapping: z
    .string()
    .optional()
    .describe('JSON text, as PUT /v1/imports/{id}/value-mapping takes it'),
  file: z
    .string()
    .meta({ format: 'binary' })
    .describe('The CSV, at most 100 MB and 100,000 rows; after the text fields'),
})

export const IMPORT_STATUSES = ['validating', 'validated', 'importing', 'done', 'failed'] as const
export const importStatusSchema = z.enum(IMPORT_STATUSES)
export type ImportStatus = z.infer<typeof importStatusSchema>

/** The fields a row of each kind fills; a mapping names the CSV header for some of them. */
export const IMPORT_FIELDS = {
  deals: [
    'external_id',
    'name',
    'pipeline',
    'stage',
    'amount',
    'currency',
    'close_date',
    'owner',
    'account_name',
    'status',
  ],
  contacts: ['external_id', 'name', 'first_name', 'last_name', 'email', 'title', 'company'],
  engagements: [
    'external_id',
    'deal_external_id',
    'type',
    'name',
    'occurred_at',
    'direction',
    'body',
    'from',
    'to',
  ],
} as const satisfies Record<ImportKind, readonly string[]>

/**
 * The optional `mapping` form field: JSON `{ "<field>": "<CSV header>" | null }`. Fields it leaves
 * out are found by their HubSpot, Salesforce or plain names; `null` imports a field from no
 * column even when a header would have been recognised for it.
 */
export const importMappingSchema = z
  .record(z.string().min(1).max(100), z.string().trim().min(1).max(200).nullable())
  .refine((mapping) => Object.keys(mapping).length <= 50, 'has too many fields')
export type ImportMapping = z.infer<typeof importMappingSchema>

/** The most distinct values one field's value mapping takes: more is a file to clean first. */
export const IMPORT_VALUE_MAPPING_MAX = 200

/** A cell's value as the file writes it (trimmed), the key of a value mapping. */
const cellValueSchema = z.string().trim().min(1).max(320)

function valueMap(target: string) {
  return z
    .record(cellValueSchema, z.uuid())
    .refine(
      (values) => Object.keys(values).length <= IMPORT_VALUE_MAPPING_MAX,
      `maps more than ${IMPORT_VALUE_MAPPING_MAX} values`,
    )
    .optional()
    .describe(`The file's value → ${target}`)
}

/**
 * Values of a deals file mapped by hand (issue 16): a stage name the pipelines do not have → the
 * stage it means (its pipeline comes with it), an owner no user matches → the user. The optional
 * `value_mapping` form field of `POST /v1/imports`, and the body of
 * `PUT /v1/imports/{id}/value-mapping`.
 */
export const importValueMappingSchema = z
  .object({
    stage: valueMap("stage's id"),
    owner: valueMap("user's id"),
  })
  .strict()
  .meta({ id: 'ImportValueMapping' })
export type ImportValueMapping = z.infer<typeof importValueMappingSchema>

export const IMPORT_VALUE_FIELDS = ['stage', 'owner'] as const
export type ImportValueField = (typeof IMPORT_VALUE_FIELDS)[number]

/** The most distinct unmatched values the dry run lists per field, most frequent first. */
export const IMPORT_UNMATCHED_MAX = 100

const unmatchedValuesSchema = z
  .array(z.object({ value: z.string(), rows: z.number().int() }))
  .describe(`Up to ${IMPORT_UNMATCHED_MAX} values, the most frequent first`)

export const importParamsSchema = z.object({ id: z.uuid() })

/**
 * What a message names (a cell's text, a count, a row number), so that the app can say it in the
 * reader's language from the code; the English `message` is what the downloaded report carries.
 */
export const importMessageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]))
export type ImportMessageParams = z.infer<typeof importMessageParamsSchema>

export const importProblemSchema = z
  .object({
    row: z.number().int().describe('The row of the file, 1 being the first after the header'),
    column: z.string().nullable().describe('The CSV header the problem is in, if one'),
    severity: z.enum(['error', 'warning']).describe('An error skips the row; a warning does not'),
    code: z.string(),
    message: z.string(),
    params: importMessageParamsSchema,
  })
  .meta({ id: 'ImportProblem' })

const countsSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
})

/** Why an import failed as a whole (a row's own problems are in its report). */
export const IMPORT_FAILURE_CODES = [
  'empty_file',
  'binary_file',
  'not_utf8',
  'no_header',
  'unreadable_csv',
  'too_many_rows',
  'unexpected_error',
] as const
export type ImportFailureCode = (typeof IMPORT_FAILURE_CODES)[number]

export const importSchema = z
  .object({
    id: z.uuid(),
    kind: importKindSchema,
    status: importStatusSchema,
    file_name: z.string(),
    file_size: z.number().int(),
    delimiter: z.string().nullable(),
    mapping: z
      .record(z.string(), z.string())
      .describe('The mapping in force (field → CSV header), once the header is read'),
    value_mapping: importValueMappingSchema,
    unmatched_values: z
      .object({ stage: unmatchedValuesSchema, owner: unmatchedValuesSchema })
      .describe(
        'What the dry run found no stage or user for, with how many rows say it: map them with PUT /v1/imports/{id}/value-mapping',
      ),
    error: z
      .object({
        code: z.enum(IMPORT_FAILURE_CODES),
        message: z.string(),
        params: importMessageParamsSchema,
      })
      .nullable()
      .describe('Why a failed import failed as a whole'),
    progress: z.object({
      rows_done: z.number().int(),
      rows_total: z.number().int().nullable().describe('Known once the dry run has read the file'),
    }),
    dry_run: countsSchema.describe('What committing would do, row by row'),
    result: countsSchema.describe('What the commit did so far'),
    pipeline_id: z
      .uuid()
      .nullable()
      .describe(
        "A deals import's pipeline: the one the first deal its commit wrote is in (a file may span several); null before the commit writes a deal, for other kinds, or once that pipeline is deleted",
      ),
    problems: z.array(importProblemSchema).describe('The first 100 lines of the row report'),
    problem_count: z.number().int(),
    created_at: z.iso.datetime(),
    validated_at: z.iso.datetime().nullable(),
    finished_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Import' })
export type ImportBody = z.infer<typeof importSchema>

/** `GET /v1/imports`: the organisation's imports, newest first. */
export const IMPORTS_PAGE_SIZE = 20
export const importListQuerySchema = z.object({
  page: pageSchema.describe('Page number, from 1 (default 1)'),
  page_size: pageSizeSchema(IMPORTS_PAGE_SIZE).describe(
    `Imports per page (default ${IMPORTS_PAGE_SIZE})`,
  ),
})
export type ImportListQuery = z.infer<typeof importListQuerySchema>

/** An import as the list shows it: its row report is left to `GET /v1/imports/{id}`. */
export const importSummarySchema = importSchema
  .omit({ problems: true })
  .meta({ id: 'ImportSummary' })
export type ImportSummary = z.infer<typeof importSummarySchema>

export const importListSchema = listResponseSchema(importSummarySchema)
export type ImportList = z.infer<typeof importListSchema>
