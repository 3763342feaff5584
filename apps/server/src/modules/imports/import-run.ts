import { setTimeout as sleep } from 'node:timers/promises'
import {
  IMPORT_MAX_ROWS,
  IMPORT_UNMATCHED_MAX,
  type ImportValueField,
} from '@dealcoach/contracts/imports'
import type { Database, DatabaseHandle } from '../../db/client.js'
import type {
  ImportDateOrder,
  ImportFailureCode,
  ImportMessageParams,
  ImportUnmatchedValues,
} from '../../db/schema/imports.js'
import type {
  ContactImportRecord,
  DealImportRecord,
  ImportOutcome,
} from '../deals/deal-imports.service.js'
import type { EngagementImportRecord } from '../engagements/engagement-imports.js'
import { CsvFileError, type FileHead, readHead, readRows } from './csv-reader.js'
import { dateOrderTally } from './date-order.js'
import {
  addProgress,
  type ImportRow,
  insertProblems,
  lockProgressAt,
  readFileChunk,
} from './imports.repository.js'
import {
  cellsOf,
  type ImportLookups,
  parseContactRow,
  parseDealRow,
  parseEngagementRow,
  type ParsedRow,
  type RowProblem,
} from './row-parsers.js'

/** What the import asks of the modules that own deals, contacts and engagements. */
export interface ImportWriters {
  lookups(tx: Database, organisationId: string): Promise<ImportLookups>
  /** The organisation's deals the rows name, by external id, else by Dealcoach id. */
  dealIdsByReferences(
    tx: Database,
    organisationId: string,
    references: readonly string[],
  ): Promise<Map<string, string>>
  importDeals(
    tx: Database,
    organisationId: string,
    records: readonly DealImportRecord[],
    options: { dryRun: boolean },
  ): Promise<ImportOutcome[]>
  importContacts(
    tx: Database,
    organisationId: string,
    records: readonly ContactImportRecord[],
    options: { dryRun: boolean },
  ): Promise<ImportOutcome[]>
  importEngagements(
    tx: Database,
    organisationId: string,
    records: readonly EngagementImportRecord[],
    options: { dryRun: boolean },
  ): Promise<ImportOutcome[]>
}

/** The import cannot go on as a whole (its file stops being CSV, it has too many rows). */
export class ImportFailure extends Error {
  override name = 'ImportFailure'
  constructor(
    readonly code: ImportFailureCode,
    message: string,
    readonly params: ImportMessageParams = {},
  ) {
    super(message)
  }
}

/**
 * Another run of the same import moved its progress while this one read the file: a retry that
 * pg-boss started because this run's worker looked dead (ADR 0020), or a new dry run. That run
 * goes on from where the import stands; this one stops without writing.
 */
export class ImportSuperseded extends Error {
  override name = 'ImportSuperseded'
}

/** Rows per transaction: large enough to be quick, small enough to lose little on a crash. */
const BATCH_ROWS = 500

/**
 * How long a run leaves the database to other requests after each batch, on PGlite only. PGlite,
 * the embedded database, answers within the same turn of the event loop and has one connection: a
 * run that goes straight on to its next batch never lets the server read a request until it ends
 * (a 6,000-row commit kept GET /v1/deals waiting 12.8 s, and its progress at 0). A pause rather
 * than a single turn of the event loop: a request makes several queries one after another, and the
 * next batch would take the connection between two of them. Twelve pauses add little to 6,000
 * rows. A PostgreSQL server answers over the network, on a pool of connections, so requests are
 * served while a run's batch is in flight: a pause there would only slow the run.
 */
export const TURN_MS = 20

/**
 * What a run does after each batch on the driver: on PGlite, lets requests waiting on the database
 * take their turn (TURN_MS); on a PostgreSQL server, nothing.
 */
export function afterEachBatch(
  driver: DatabaseHandle['driver'],
  pause: (ms: number) => Promise<unknown> = sleep,
): () => Promise<void> {
  if (driver !== 'pglite') return () => Promise.resolve()
  return async () => {
    await pause(TURN_MS)
  }
}

/** Distinct unmatched values counted per field: bounds memory on a file of a million typos. */
const UNMATCHED_DISTINCT_LIMIT = 10_000

/** Rows per stage or owner value that matched nothing, for the dry run's list to map by hand. */
function unmatchedTally() {
  const counts: Record<ImportValueField, Map<string, number>> = {
    stage: new Map(),
    owner: new Map(),
  }
  const top = (field: ImportValueField) =>
    [...counts[field]]
      .sort(([a, rowsA], [b, rowsB]) => rowsB - rowsA || a.localeCompare(b))
      .slice(0, IMPORT_UNMATCHED_MAX)
      .map(([value, rows]) => ({ value, rows }))
  return {
    add: (field: ImportValueField, value: string) => {
      const seen = counts[field].get(value)
      if (seen !== undefined) counts[field].set(value, seen + 1)
      else if (counts[field].size < UNMATCHED_DISTINCT_LIMIT) counts[field].set(value, 1)
    },
    values: (): ImportUnmatchedValues => ({ stage: top('stage'), owner: top('owner') }),
  }
}

/** What a pass over the file found: its data rows and, on a dry run, the values to map. */
export interface ImportPass {
  rowsTotal: number
  unmatched: ImportUnmatchedValues
  /** The order its slash dates were read in; null for a file without a date column. */
  dateOrder: ImportDateOrder | null
}

/** The fields holding dates, per kind: their slash dates are read in the file's order. */
const DATE_FIELDS = { deals: ['close_date'], contacts: [], engagements: ['occurred_at'] } as const

/**
 * The order of the file's slash dates, from a first pass over its date (and amount) columns that
 * holds one row at a time (date-order.ts, ADR 0031); null when no date column is mapped.
 */
async function detectDateOrder(
  db: Database,
  record: ImportRow,
  head: Extract<FileHead, { ok: true }>,
  columnOf: ReadonlyMap<string, number>,
): Promise<ImportDateOrder | null> {
  const dateColumns = DATE_FIELDS[record.kind]
    .map((field) => columnOf.get(field) ?? -1)
    .filter((index) => index >= 0)
  if (dateColumns.length === 0) return null
  const amountColumn = columnOf.get('amount') ?? -1
  const tally = dateOrderTally(head.delimiter)
  for await (const { row, values } of readRows(fileChunks(db, record.id), head)) {
    // The rows pass stops there with too_many_rows.
    if (row > IMPORT_MAX_ROWS) break
    for (const index of dateColumns) tally.date((values[index] ?? '').trim())
    if (amountColumn >= 0) tally.amount((values[amountColumn] ?? '').trim())
  }
  return tally.decide()
}

interface BatchRow {
  row: number
  parsed: ParsedRow
  problems: RowProblem[]
}

async function* fileChunks(db: Database, importId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const chunk = await readFileChunk(db, importId, seq)
    if (!chunk) return
    yield chunk
  }
}

/** What a run needs: the database, the driver it runs on (TURN_MS), and the rows' writers. */
export interface ImportRunDeps {
  db: Database
  driver: DatabaseHandle['driver']
  writers: ImportWriters
}

/**
 * Reads the stored file row by row and handles it in batches: the dry run (`validate`) records
 * what each row would do, the commit writes it, starting after the rows already done. Each
 * batch's findings and progress are stored in the batch's own transaction.
 */
export async function runImport(
  deps: ImportRunDeps,
  record: ImportRow,
  phase: 'validate' | 'commit',
): Promise<ImportPass> {
  const { db, writers } = deps
  const giveOthersTheirTurn = afterEachBatch(deps.driver)
  const first = (await readFileChunk(db, record.id, 0)) ?? Buffer.alloc(0)
  const head = readHead(first)
  if (!head.ok) throw new ImportFailure(head.code, head.message)
  const mapping = record.resolvedMapping ?? {}
  const columnOf = new Map(
    Object.entries(mapping).map(([field, header]) => [field, head.headers.indexOf(header)]),
  )
  const header = (field: string) => mapping[field] ?? null
  const lookups = await writers.lookups(db, record.organisationId)
  const startAfter = phase === 'commit' ? record.rowsDone : 0
  // External id → first row: a second row with the same id is reported, not imported twice.
  const seen = new Map<string, number>()
  let batch: BatchRow[] = []
  let lastRow = 0
  const unmatched = unmatchedTally()
  const noteUnmatched = phase === 'validate' ? unmatched.add : undefined

  // Where this run expects the import to stand when it writes its next batch.
  let rowsDone = startAfter
  // Decided before any row is read, so every row reads its dates alike; the commit follows the
  // dry run's order, so it writes the dates the dry run showed.
  let dateOrder: ImportDateOrder | null
  const flush = async () => {
    if (batch.length === 0) return
    const rows = batch
    batch = []
    await db.transaction(async (tx) => {
      if (!(await lockProgressAt(tx, record.organisationId, record.id, rowsDone))) {
        throw new ImportSuperseded(`import ${record.id} moved past row ${rowsDone}`)
      }
      await handleBatch(tx, deps, record, phase, rows)
    })
    rowsDone = rows[rows.length - 1]?.row ?? rowsDone
    // After the commit, so the requests see the batch's rows and progress.
    await giveOthersTheirTurn()
  }

  try {
    dateOrder =
      phase === 'commit' && record.dateOrder
        ? record.dateOrder
        : await detectDateOrder(db, record, head, columnOf)
    const dates = dateOrder ?? undefined
    for await (const { row, values } of readRows(fileChunks(db, record.id), head)) {
      if (row > IMPORT_MAX_ROWS) {
        throw new ImportFailure(
          'too_many_rows',
          `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows; split it into several imports.`,
          { max: IMPORT_MAX_ROWS },
        )
      }
      lastRow = row
      if (values.some((value) => value.includes('\u0000'))) {
        // PostgreSQL text cannot hold it: the row is reported, never parsed or written.
        const problems: RowProblem[] = [
          {
            row,
            column: null,
            severity: 'error',
            code: 'nul_character',
            message: 'The row holds a NUL character, which no text field can store.',
            params: {},
          },
        ]
        if (row > startAfter) batch.push({ row, parsed: { kind: record.kind, key: '' }, problems })
        if (batch.length >= BATCH_ROWS) await flush()
        continue
      }
      const problems: RowProblem[] = []
      const context = { row, header, problems, unmatched: noteUnmatched, dates }
      const cells = cellsOf(values, columnOf)
      const parsed =
        record.kind === 'deals'
          ? parseDealRow(cells, lookups, context, record.valueMapping)
          : record.kind === 'contacts'
            ? parseContactRow(cells, context)
            : parseEngagementRow(cells, record.fileName, context)
      const firstRow = seen.get(parsed.key)
      if (firstRow === undefined) seen.set(parsed.key, row)
      if (row <= startAfter) continue
      if (values.length > head.headers.length) {
        problems.push({
          row,
          column: null,
          severity: 'error',
          code: 'extra_columns',
          message: `The row has ${values.length} values but the header names ${head.headers.length} columns.`,
          params: { values: values.length, columns: head.headers.length },
        })
      }
      if (firstRow !== undefined) {
        problems.push({
          row,
          column: header('external_id'),
          severity: 'error',
          code: 'duplicate_row',
          message: `Row ${firstRow} has the same external id; only that row is imported.`,
          params: { first_row: firstRow },
        })
      }
      batch.push({ row, parsed, problems })
      if (batch.length >= BATCH_ROWS) await flush()
    }
  } catch (error) {
    if (error instanceof CsvFileError) {
      throw new ImportFailure(
        'unreadable_csv',
        error.message,
        error.line === undefined ? {} : { line: error.line },
      )
    }
    throw error
  }
  await flush()
  return { rowsTotal: lastRow, unmatched: unmatched.values(), dateOrder }
}

async function handleBatch(
  tx: Database,
  deps: { writers: ImportWriters },
  record: ImportRow,
  phase: 'validate' | 'commit',
  rows: BatchRow[],
): Promise<void> {
  const { writers } = deps
  const organisationId = record.organisationId
  const dryRun = phase === 'validate'
  const hasError = (row: BatchRow) => row.problems.some((p) => p.severity === 'error')

  let dealIds = new Map<string, string>()
  if (record.kind === 'engagements') {
    const refs = rows.flatMap((r) =>
      r.parsed.kind === 'engagements' && r.parsed.dealRef ? [r.parsed.dealRef] : [],
    )
    dealIds = await writers.dealIdsByReferences(tx, organisationId, [...new Set(refs)])
  }

  const ready: { row: BatchRow; record: unknown }[] = []
  for (const row of rows) {
    const parsed = row.parsed
    if (hasError(row) || !parsed.record) continue
    if (parsed.kind === 'engagements') {
      const dealId = parsed.dealRef ? dealIds.get(parsed.dealRef) : undefined
      if (!dealId) {
        row.problems.push({
          row: row.row,
          column: record.resolvedMapping?.deal_external_id ?? null,
          severity: 'error',
          code: 'unknown_deal',
          message: `No deal has the ID or external ID "${parsed.dealRef ?? ''}". Import the deals first, or use the deal's ID in Dealcoach.`,
          params: { value: parsed.dealRef ?? '' },
        })
        continue
      }
      ready.push({ row, record: { ...parsed.record, dealId } })
    } else ready.push({ row, record: parsed.record })
  }

  const records = ready.map((r) => r.record)
  const outcomes =
    record.kind === 'deals'
      ? await writers.importDeals(tx, organisationId, records as DealImportRecord[], { dryRun })
      : record.kind === 'contacts'
        ? await writers.importContacts(tx, organisationId, records as ContactImportRecord[], {
            dryRun,
          })
        : await writers.importEngagements(tx, organisationId, records as EngagementImportRecord[], {
            dryRun,
          })

  const tally = { create: 0, update: 0, unchanged: 0 }
  for (const outcome of outcomes) tally[outcome]++
  // Where the commit's deals went, for "See the deals": the first deal the file has, written or
  // already as the file says (a deal left unchanged is in its pipeline too).
  const firstDeal =
    record.kind === 'deals' && !dryRun ? (records[0] as DealImportRecord | undefined) : undefined
  const errorRows = rows.filter(hasError).length
  await insertProblems(
    tx,
    record.id,
    phase,
    rows.flatMap((r) => r.problems),
  )
  const last = rows[rows.length - 1]?.row ?? 0
  await addProgress(tx, organisationId, record.id, {
    rowsDone: last,
    counters: dryRun
      ? {
          plannedCreate: tally.create,
          plannedUpdate: tally.update,
          plannedUnchanged: tally.unchanged,
          errorRows,
        }
      : {
          created: tally.create,
          updated: tally.update,
          unchanged: tally.unchanged,
          failedRows: errorRows,
        },
    pipelineId: firstDeal?.pipelineId,
  })
}
