import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.js'
import { id, createdAt, updatedAt } from './columns.js'
import { organisationId } from './organisations.js'
import { pipelines } from './pipelines.js'

/** A deals file's values mapped by hand, per field: the file's value → the stage's or user's id. */
export type ImportValueMapping = Partial<Record<'stage' | 'owner', Record<string, string>>>
export type ImportUnmatchedValues = Record<'stage' | 'owner', { value: string; rows: number }[]>
/** What a problem's message names (a cell's text, a count), so the app can translate it. */
export type ImportMessageParams = Record<string, string | number>
/** Why an import failed as a whole: the contract's IMPORT_FAILURE_CODES. */
export type ImportFailureCode =
  | 'empty_file'
  | 'binary_file'
  | 'not_utf8'
  | 'no_header'
  | 'unreadable_csv'
  | 'too_many_rows'
  | 'unexpected_error'

/**
 * How an import reads its slash dates (`03/04/2027`), decided over the whole file before its rows
 * are read (ADR 0031): `dates` when some date reads in one order only, `conventions` when every one
 * reads both ways and the file's delimiter and amounts chose.
 */
export interface ImportDateOrder {
  order: 'day_first' | 'month_first'
  basis: 'dates' | 'conventions'
  /** A date of the file that reads in this order only (basis `dates`). */
  example?: string
}

export const importKind = pgEnum('import_kind', ['deals', 'contacts', 'engagements'])
export const importStatus = pgEnum('import_status', [
  'validating',
  'validated',
  'importing',
  'done',
  'failed',
])
export const importProblemSeverity = pgEnum('import_problem_severity', ['error', 'warning'])

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers a Uint8Array, node-postgres a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * One CSV import (DESIGN §4, §9): the file, the mapping, where the validation or the commit has
 * got to, and what it found. The counters are rows of the file; rows_done is where a restarted
 * job picks up.
 */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    organisationId: organisationId(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    kind: importKind('kind').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    /** The explicit mapping the caller sent, field → header (null: from no column). */
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull().default({}),
    /** Values mapped by hand: a stage name → stage id, an owner → user id. */
    valueMapping: jsonb('value_mapping').$type<ImportValueMapping>().notNull().default({}),
    /** The stage and owner values the last dry run matched to nothing, with their row counts. */
    unmatchedValues: jsonb('unmatched_values').$type<ImportUnmatchedValues>(),
    /** The mapping in force: the explicit one over the headers recognised automatically. */
    resolvedMapping: jsonb('resolved_mapping').$type<Record<string, string>>(),
    delimiter: text('delimiter'),
    /** The order of the file's slash dates, set by the dry run and followed by the commit. */
    dateOrder: jsonb('date_order').$type<ImportDateOrder>(),
    status: importStatus('status').notNull().default('validating'),
    /** Why the import failed as a whole (a row's problems are in import_problems). */
    error: text('error'),
    errorCode: text('error_code').$type<ImportFailureCode>(),
    errorParams: jsonb('error_params').$type<ImportMessageParams>(),
    rowsTotal: integer('rows_total'),
    rowsDone: integer('rows_done').notNull().default(0),
    /** What the dry run found the commit would do. */
    plannedCreate: integer('planned_create').notNull().default(0),
    plannedUpdate: integer('planned_update').notNull().default(0),
    plannedUnchanged: integer('planned_unchanged').notNull().default(0),
    errorRows: integer('error_rows').notNull().default(0),
    /** What the commit did. */
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failedRows: integer('failed_rows').notNull().default(0),
    /**
     * A deals import's pipeline: the one the first deal the commit wrote is in (a file may span
     * several), where "See the deals" leads. Null before the commit writes a deal.
     */
    pipelineId: uuid('pipeline_id').references(() => pipelines.id, { onDelete: 'set null' }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('imports_organisation_idx').on(t.organisationId, t.createdAt)],
)

/**
 * The uploaded file in 1 MB pieces: written as the upload streams in and read back one piece at
 * a time, so neither a 100 MB upload nor its parse holds the file in memory.
 */
export const importFileChunks = pgTable(
  'import_file_chunks',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
)

/** The row report: one line per problem found in a row (row 1 is the first row after the header). */
export const importProblems = pgTable(
  'import_problems',
  {
    // In insertion order, so a row's problems read back in the order they were found.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    phase: text('phase').$type<'validate' | 'commit'>().notNull(),
    rowNumber: integer('row_number').notNull(),
    column: text('column'),
    severity: importProblemSeverity('severity').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    /** What the message names, for the app to translate it from the code. */
    params: jsonb('params').$type<ImportMessageParams>().notNull().default({}),
  },
  (t) => [index('import_problems_import_idx').on(t.importId, t.rowNumber)],
)
