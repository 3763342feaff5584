import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_VALUE_FIELDS,
  importKindSchema,
  importMappingSchema,
  importValueMappingSchema,
  type ImportKind,
  type ImportListQuery,
  type ImportMapping,
  type ImportValueField,
} from '@dealcoach/contracts/imports'
import type { z } from 'zod'
import type { Database } from '../../db/client.js'
import type { ImportValueMapping } from '../../db/schema/imports.js'
import type { JobQueue } from '../../jobs/job-queue.js'
import { assertNoNulCharacter } from '../../lib/nul-character.js'
import type { AuthUser } from '../../lib/caller.js'
import {
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  PayloadTooLarge,
  UnsupportedMediaType,
  fieldPath,
  type FieldProblem,
} from '../../lib/domain-errors.js'
import { resolveMapping } from './column-mapping.js'
import { readHead } from './csv-reader.js'
import {
  ImportFailure,
  type ImportPass,
  ImportSuperseded,
  type ImportRunDeps,
  runImport,
} from './import-run.js'
import {
  countProblems,
  deleteImport,
  deleteProblems,
  findImport,
  type ImportProblemRow,
  type ImportRow,
  insertFileChunk,
  hasFinishedImport,
  insertImport,
  listImports,
  listProblems,
  updateImport,
} from './imports.repository.js'
import { COMMIT_IMPORT_QUEUE, VALIDATE_IMPORT_QUEUE } from './imports.queues.js'

/** The stored file's piece size: what memory holds of the file while it is read or written. */
export const FILE_CHUNK_BYTES = 1024 * 1024

/** An upload as the route reads it: the form's fields (sent before the file) and the file. */
export interface ImportUpload {
  kind: string | undefined
  mapping: string | undefined
  valueMapping?: string
  fileName: string
  content: AsyncIterable<Buffer>
}

export interface ImportsDeps extends ImportRunDeps {
  jobs: JobQueue
}

const REPORT_PREVIEW = 100

/**
 * CSV imports of deals, contacts and engagements (issue 16, DESIGN §9): an upload is stored and
 * dry-run by a job; committing it is another job. Admins only, like every bulk write.
 */
export function createImportsService(deps: ImportsDeps) {
  const { db, driver, jobs, writers } = deps

  function requireAdmin(caller: AuthUser) {
    if (caller.role !== 'admin') {
      throw new Forbidden('Only an admin can import data.', 'admin_only')
    }
  }

  async function requireImport(tx: Database, caller: AuthUser, id: string, lock = false) {
    const row = await findImport(tx, caller.organisationId, id, { lock })
    if (!row) throw new NotFound('Import')
    return row
  }

  function readKind(kind: string | undefined): ImportKind {
    const parsed = importKindSchema.safeParse(kind)
    if (!parsed.success) {
      throw new Invalid([
        {
          field: 'kind',
          message: kind
            ? 'must be deals, contacts or engagements'
            : 'is required, as a form field before the file',
          code: kind ? 'invalid_kind' : 'required',
        },
      ])
    }
    return parsed.data
  }

  /** A JSON form field read with its schema: a 400 at `<field>.<path>` says what is wrong. */
  function readJsonField<T>(field: string, text: string | undefined, schema: z.ZodType<T>): T {
    let json: unknown = {}
    if (text !== undefined && text.trim() !== '') {
      try {
        json = JSON.parse(text)
      } catch {
        throw new Invalid([{ field, message: 'is not JSON', code: 'invalid_json' }])
      }
    }
    // A JSON escape can spell a NUL that the raw form field did not hold.
    assertNoNulCharacter({ [field]: json })
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      throw new Invalid(
        parsed.error.issues.map((issue) => ({
          field: fieldPath(
            field,
            ...issue.path.map((part) => (typeof part === 'symbol' ? '' : part)),
          ),
          message: issue.message,
        })),
      )
    }
    return parsed.data
  }

  /**
   * The value mapping with its empty fields dropped, once every stage and user it names is the
   * organisation's: else a 400 at `<at>.<field>.<value>`.
   */
  async function checkValueMapping(
    organisationId: string,
    values: ImportValueMapping,
    at: string,
  ): Promise<ImportValueMapping> {
    const lookups = await writers.lookups(db, organisationId)
    const known: Record<ImportValueField, Set<string>> = {
      stage: new Set(lookups.pipelines.flatMap((p) => p.stages.map((s) => s.id))),
      owner: new Set(lookups.users.map((u) => u.id)),
    }
    const problems: FieldProblem[] = []
    const checked: ImportValueMapping = {}
    for (const field of IMPORT_VALUE_FIELDS) {
      const entries = Object.entries(values[field] ?? {})
      for (const [value, id] of entries) {
        if (known[field].has(id)) continue
        problems.push({
          field: fieldPath(at, field, value),
          message: field === 'stage' ? 'is no stage of your pipelines' : 'is no user of yours',
          code: field === 'stage' ? 'unknown_stage' : 'unknown_user',
          params: { value },
        })
      }
      if (entries.length > 0) checked[field] = Object.fromEntries(entries)
    }
    if (problems.length > 0) throw new Invalid(problems)
    return checked
  }

  /** Marks the import failed for good; a row's problems stay in the report. */
  async function fail(row: ImportRow, failure: ImportFailure) {
    await updateImport(db, row.organisationId, row.id, {
      status: 'failed',
      error: failure.message,
      errorCode: failure.code,
      errorParams: failure.params,
      finishedAt: new Date(),
    })
  }

  return {
    /**
     * Stores the upload in pieces as it streams in, checks its header against the kind and the
     * mapping (a file that is no CSV, or lacks a required column, is a 400 and nothing is kept)
     * and queues its dry run.
     */
    async create(caller: AuthUser, upload: ImportUpload): Promise<ImportRow> {
      requireAdmin(caller)
      const kind = readKind(upload.kind)
      const explicit = readJsonField('mapping', upload.mapping, importMappingSchema)
      const valueMapping = await checkValueMapping(
        caller.organisationId,
        readJsonField('value_mapping', upload.valueMapping, importValueMappingSchema),
        'value_mapping',
      )
      // Not one transaction: on PGlite a transaction holds the only connection, and an upload
      // lasts as long as the client takes to send 100 MB. A failed upload deletes what it stored.
      const row = await insertImport(db, {
        organisationId: caller.organisationId,
        createdBy: caller.id,
        kind,
        fileName: upload.fileName,
        fileSize: 0,
        mapping: explicit,
        valueMapping,
      })
      try {
        let pending: Buffer[] = []
        let pendingBytes = 0
        let seq = 0
        let size = 0
        let checked: { delimiter: string; mapping: Record<string, string> } | undefined
        const store = async () => {
          const piece = Buffer.concat(pending, pendingBytes)
          pending = []
          pendingBytes = 0
          // The header is read from the first piece (1 MB), before anything else is stored.
          checked ??= check(kind, piece, explicit)
          await insertFileChunk(db, row.id, seq++, piece)
        }
        for await (const data of upload.content) {
          size += data.length
          if (size > IMPORT_FILE_MAX_BYTES) throw tooLarge()
          pending.push(data)
          pendingBytes += data.length
          if (pendingBytes >= FILE_CHUNK_BYTES) await store()
        }
        if (pendingBytes > 0 || seq === 0) await store()
        const ready = checked ?? check(kind, Buffer.alloc(0), explicit)
        return await db.transaction(async (tx) => {
          await updateImport(tx, caller.organisationId, row.id, {
            fileSize: size,
            delimiter: ready.delimiter,
            resolvedMapping: ready.mapping,
          })
          await jobs.enqueue(tx, VALIDATE_IMPORT_QUEUE, {
            organisationId: caller.organisationId,
            importId: row.id,
          })
          return requireImport(tx, caller, row.id)
        })
      } catch (error) {
        await deleteImport(db, caller.organisationId, row.id)
        throw error
      }
    },

    /** The import with the first lines of its report and how many there are. */
    async get(
      caller: AuthUser,
      id: string,
    ): Promise<{ row: ImportRow; problems: ImportProblemRow[]; problemCount: number }> {
      const row = await requireImport(db, caller, id)
      return {
        row,
        problems: await listProblems(db, row.id, { limit: REPORT_PREVIEW }),
        problemCount: await countProblems(db, row.id),
      }
    },

    /** The onboarding checklist's question: has the organisation imported a file? */
    hasImported(organisationId: string): Promise<boolean> {
      return hasFinishedImport(db, organisationId)
    },

    /** A page of the organisation's imports, newest first. */
    list(caller: AuthUser, query: ImportListQuery) {
      return listImports(db, caller.organisationId, {
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      })
    },

    /** The whole report in row order, page by page, for the CSV download. */
    async *report(caller: AuthUser, id: string): AsyncGenerator<ImportProblemRow[]> {
      const row = await requireImport(db, caller, id)
      let after: { row: number; id: number } | undefined
      for (;;) {
        const page = await listProblems(db, row.id, { limit: 1000, after })
        if (page.length === 0) return
        yield page
        const last = page[page.length - 1]
        if (!last || page.length < 1000) return
        after = { row: last.row, id: last.id }
      }
    },

    /** Queues the commit of a validated import; any other status is a 409 import_not_validated. */
    async commit(caller: AuthUser, id: string): Promise<ImportRow> {
      requireAdmin(caller)
      return db.transaction(async (tx) => {
        const row = await requireImport(tx, caller, id, true)
        if (row.status !== 'validated') {
          throw new Conflict(
            'import_not_validated',
            row.status === 'validating'
              ? 'The import is still being validated; commit it once its dry run is done.'
              : `The import is ${row.status}; only a validated import can be committed.`,
          )
        }
        // The commit's report replaces the dry run's: it re-checks every row as it writes.
        await deleteProblems(tx, row.id, 'validate')
        await updateImport(tx, caller.organisationId, row.id, {
          status: 'importing',
          rowsDone: 0,
          committedAt: new Date(),
        })
        await jobs.enqueue(tx, COMMIT_IMPORT_QUEUE, {
          organisationId: caller.organisationId,
          importId: row.id,
        })
        return requireImport(tx, caller, row.id)
      })
    },

    /**
     * Sets the values mapped by hand of a validated import and dry-runs it again, so the report
     * and the counts show what the new mapping does. Any other status is a 409
     * import_not_validated: a running pass would not see the change.
     */
    async setValueMapping(
      caller: AuthUser,
      id: string,
      values: ImportValueMapping,
    ): Promise<ImportRow> {
      requireAdmin(caller)
      const valueMapping = await checkValueMapping(caller.organisationId, values, '')
      return db.transaction(async (tx) => {
        const row = await requireImport(tx, caller, id, true)
        if (row.kind !== 'deals') {
          throw new Conflict(
            'import_not_deals',
            `The import is of ${row.kind}; only a deals import has stage and owner values to map.`,
          )
        }
        if (row.status !== 'validated') {
          throw new Conflict(
            'import_not_validated',
            row.status === 'validating'
              ? 'The import is still being validated; map its values once its dry run is done.'
              : `The import is ${row.status}; only a validated import's values can be mapped.`,
          )
        }
        await updateImport(tx, caller.organisationId, row.id, {
          status: 'validating',
          valueMapping,
          validatedAt: null,
        })
        await jobs.enqueue(tx, VALIDATE_IMPORT_QUEUE, {
          organisationId: caller.organisationId,
          importId: row.id,
        })
        return requireImport(tx, caller, row.id)
      })
    },

    /** The dry-run job: starts over on a retry (it writes nothing but its findings). */
    async runValidation(
      payload: { organisationId: string; importId: string },
      job: { finalAttempt: boolean },
    ): Promise<void> {
      const row = await findImport(db, payload.organisationId, payload.importId)
      if (row?.status !== 'validating') return
      await db.transaction(async (tx) => {
        await deleteProblems(tx, row.id, 'validate')
        await updateImport(tx, row.organisationId, row.id, {
          rowsDone: 0,
          plannedCreate: 0,
          plannedUpdate: 0,
          plannedUnchanged: 0,
          errorRows: 0,
          unmatchedValues: null,
        })
      })
      await runPhase(
        row,
        'validate',
        job.finalAttempt,
        async ({ rowsTotal, unmatched, dateOrder }) => {
          await updateImport(db, row.organisationId, row.id, {
            status: 'validated',
            rowsTotal,
            unmatchedValues: unmatched,
            // The commit reads the slash dates in this order, as the dry run did.
            dateOrder,
            validatedAt: new Date(),
          })
        },
      )
    },

    /** The commit job: goes on from rows_done, so a restart redoes at most one batch's reads. */
    async runCommit(
      payload: { organisationId: string; importId: string },
      job: { finalAttempt: boolean },
    ): Promise<void> {
      const row = await findImport(db, payload.organisationId, payload.importId)
      if (row?.status !== 'importing') return
      await runPhase(row, 'commit', job.finalAttempt, async ({ rowsTotal }) => {
        await updateImport(db, row.organisationId, row.id, {
          status: 'done',
          rowsTotal,
          finishedAt: new Date(),
        })
      })
    },
  }

  async function runPhase(
    row: ImportRow,
    phase: 'validate' | 'commit',
    finalAttempt: boolean,
    done: (pass: ImportPass) => Promise<void>,
  ) {
    try {
      await done(await runImport({ db, driver, writers }, row, phase))
    } catch (error) {
      if (error instanceof ImportFailure) return fail(row, error)
      // The run that moved the import on finishes it (and marks it done or failed).
      if (error instanceof ImportSuperseded) return
      if (finalAttempt) {
        await fail(
          row,
          new ImportFailure('unexpected_error', 'The import stopped on an unexpected error.'),
        )
      }
      throw error
    }
  }

  /** The file's dialect and the mapping in force, or a 400 saying what is wrong with it. */
  function check(kind: ImportKind, first: Buffer, explicit: ImportMapping) {
    const head = readHead(first)
    // A PDF, a spreadsheet or an image is the wrong type of file, as for an engagement upload.
    if (!head.ok && head.code === 'binary_file') {
      throw new UnsupportedMediaType(
        'unsupported_file_type',
        'The file is not a CSV text file: a CSV (comma- or semicolon-separated text) is expected; save a spreadsheet as CSV.',
        [{ field: 'file', message: 'is binary, not a CSV text file', code: 'binary_file' }],
      )
    }
    if (!head.ok) {
      throw new Invalid([{ field: 'file', message: head.message, code: head.code }], {
        code: 'invalid_file',
        message: head.message,
      })
    }
    const resolved = resolveMapping(kind, head.headers, explicit)
    if (resolved.problems.length > 0) {
      const aboutMapping = resolved.problems.some((p) => p.field.startsWith('mapping'))
      throw new Invalid(resolved.problems, {
        code: aboutMapping ? 'invalid_mapping' : 'invalid_file',
      })
    }
    return { delimiter: head.delimiter, mapping: resolved.mapping }
  }
}

function tooLarge() {
  return new PayloadTooLarge(
    'file_too_large',
    `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  )
}

export type ImportsService = ReturnType<typeof createImportsService>
