import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { importFileChunks, importProblems, imports } from '../../db/schema/imports.js'
import type { RowProblem } from './row-parsers.js'

export type ImportRow = typeof imports.$inferSelect
export type ImportChanges = Partial<Omit<typeof imports.$inferInsert, 'id' | 'organisationId'>>

export async function insertImport(
  db: Database,
  values: Pick<
    typeof imports.$inferInsert,
    'organisationId' | 'createdBy' | 'kind' | 'fileName' | 'fileSize' | 'mapping' | 'valueMapping'
  >,
): Promise<ImportRow> {
  const [row] = await db.insert(imports).values(values).returning()
  if (!row) throw new Error('the import was not inserted')
  return row
}

export async function findImport(
  db: Database,
  organisationId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ImportRow | undefined> {
  const query = db
    .select()
    .from(imports)
    .where(and(eq(imports.organisationId, organisationId), eq(imports.id, id)))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/** A page of the organisation's imports, newest first, with each one's problem count. */
export async function listImports(
  db: Database,
  organisationId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: (ImportRow & { problemCount: number })[]; total: number }> {
  // Spelled out: drizzle leaves a one-table select's columns unqualified, so "id" would be ambiguous.
  const problemCount = sql<number>`(select count(*)::int from import_problems p
    where p.import_id = imports.id)`
  const [rows, [totals]] = await Promise.all([
    db
      .select({ row: imports, problemCount })
      .from(imports)
      .where(eq(imports.organisationId, organisationId))
      .orderBy(desc(imports.createdAt), desc(imports.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(imports).where(eq(imports.organisationId, organisationId)),
  ])
  return {
    rows: rows.map(({ row, problemCount: problems }) => ({ ...row, problemCount: problems })),
    total: totals?.total ?? 0,
  }
}

/** Whether the organisation has imported any file to the end. */
export async function hasFinishedImport(db: Database, organisationId: string): Promise<boolean> {
  const rows = await db
    .select({ id: imports.id })
    .from(imports)
    .where(and(eq(imports.organisationId, organisationId), eq(imports.status, 'done')))
    .limit(1)
  return rows.length > 0
}

/** Deletes the import with its file and report (they cascade). */
export async function deleteImport(db: Database, organisationId: string, id: string) {
  await db
    .delete(imports)
    .where(and(eq(imports.organisationId, organisationId), eq(imports.id, id)))
}

export async function updateImport(
  db: Database,
  organisationId: string,
  id: string,
  changes: ImportChanges,
): Promise<void> {
  await db
    .update(imports)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(imports.organisationId, organisationId), eq(imports.id, id)))
}

/**
 * Locks the import's row until the transaction ends if its progress still stands at `rowsDone`,
 * and answers whether it did: another run of the import that wrote a batch meanwhile has moved it
 * on, and a run waiting on the lock sees the moved value once that run commits.
 */
export async function lockProgressAt(
  db: Database,
  organisationId: string,
  id: string,
  rowsDone: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: imports.id })
    .from(imports)
    .where(
      and(
        eq(imports.organisationId, organisationId),
        eq(imports.id, id),
        eq(imports.rowsDone, rowsDone),
      ),
    )
    .for('update')
  return rows.length > 0
}

/** Adds a batch's outcome to the counters and moves rows_done, in the batch's transaction. */
export async function addProgress(
  db: Database,
  organisationId: string,
  id: string,
  progress: {
    rowsDone: number
    counters: Partial<
      Record<
        | 'plannedCreate'
        | 'plannedUpdate'
        | 'plannedUnchanged'
        | 'errorRows'
        | 'created'
        | 'updated'
        | 'unchanged'
        | 'failedRows',
        number
      >
    >
    /** The pipeline of the batch's first deal written; kept only when the import has none yet. */
    pipelineId?: string
  },
): Promise<void> {
  const increments = Object.fromEntries(
    Object.entries(progress.counters).map(([key, value]) => [
      key,
      sql`${imports[key as keyof typeof progress.counters]} + ${value}`,
    ]),
  )
  await db
    .update(imports)
    .set({
      ...increments,
      ...(progress.pipelineId
        ? { pipelineId: sql`coalesce(${imports.pipelineId}, ${progress.pipelineId}::uuid)` }
        : {}),
      rowsDone: progress.rowsDone,
      updatedAt: sql`now()`,
    })
    .where(and(eq(imports.organisationId, organisationId), eq(imports.id, id)))
}

export async function insertFileChunk(
  db: Database,
  importId: string,
  seq: number,
  data: Buffer,
): Promise<void> {
  await db.insert(importFileChunks).values({ importId, seq, data })
}

export async function readFileChunk(
  db: Database,
  importId: string,
  seq: number,
): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ data: importFileChunks.data })
    .from(importFileChunks)
    .where(and(eq(importFileChunks.importId, importId), eq(importFileChunks.seq, seq)))
  return row?.data
}

export async function insertProblems(
  db: Database,
  importId: string,
  phase: 'validate' | 'commit',
  problems: readonly RowProblem[],
): Promise<void> {
  if (problems.length === 0) return
  await db.insert(importProblems).values(
    problems.map((p) => ({
      importId,
      phase,
      rowNumber: p.row,
      column: p.column,
      severity: p.severity,
      code: p.code,
      message: p.message,
      params: p.params,
    })),
  )
}

export async function deleteProblems(
  db: Database,
  importId: string,
  phase: 'validate' | 'commit',
): Promise<void> {
  await db
    .delete(importProblems)
    .where(and(eq(importProblems.importId, importId), eq(importProblems.phase, phase)))
}

export async function countProblems(db: Database, importId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(importProblems)
    .where(eq(importProblems.importId, importId))
  return row?.value ?? 0
}

/** The report in row order, `limit` lines after the line numbered `afterId` (keyset paging). */
export function listProblems(
  db: Database,
  importId: string,
  page: { limit: number; after?: { row: number; id: number } },
) {
  const conditions = [eq(importProblems.importId, importId)]
  if (page.after) {
    conditions.push(
      sql`(${importProblems.rowNumber}, ${importProblems.id}) > (${page.after.row}, ${page.after.id})`,
    )
  }
  return db
    .select({
      id: importProblems.id,
      row: importProblems.rowNumber,
      column: importProblems.column,
      severity: importProblems.severity,
      code: importProblems.code,
      message: importProblems.message,
      params: importProblems.params,
      phase: importProblems.phase,
    })
    .from(importProblems)
    .where(and(...conditions))
    .orderBy(asc(importProblems.rowNumber), asc(importProblems.id))
    .limit(page.limit)
}

export type ImportProblemRow = Awaited<ReturnType<typeof listProblems>>[number]
