import { and, asc, count, desc, eq, gt, gte, ilike, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { organisationCreatedAt } from '../../db/organisation-created-at.js'
import { literalLimit, preparedStatement } from '../../db/prepared-statements.js'
// Read only: the objections found under a type, with their deal's name (listObjectionsOfType).
// The analysis module that owns objections does not exist yet; the list moves there with it.
import { objections } from '../../db/schema/analysis.js'
import { deals } from '../../db/schema/deals.js'
import { objectionTypes } from '../../db/schema/objection-types.js'
import { objectionTypeCounts } from '../../db/schema/reports.js'
import { type PageOf, type PageRequest, pageWindow } from '../../lib/pagination.js'
import { escapeLike } from '../../lib/filter-query.js'
import type { TypeObjection } from './objection-type.js'
import { lockOrganisationScope } from '../../lib/organisation-lock.js'

export type ObjectionTypeRow = typeof objectionTypes.$inferSelect
export type NewObjectionTypeRow = typeof objectionTypes.$inferInsert

/** An objection with the name of its deal, as listed under its type. */
export type ObjectionRow = TypeObjection

const liveTypesOf = (organisationId: string) =>
  and(eq(objectionTypes.organisationId, organisationId), eq(objectionTypes.deleted, false))

/** One organisation's non-deleted types, by name (case-insensitively) then id. */
export async function listObjectionTypes(
  db: Database,
  organisationId: string,
  options: PageRequest & { search?: string | undefined },
): Promise<PageOf<ObjectionTypeRow>> {
  const filters: (SQL | undefined)[] = [liveTypesOf(organisationId)]
  if (options.search) {
    const pattern = `%${escapeLike(options.search)}%`
    filters.push(
      or(ilike(objectionTypes.name, pattern), ilike(objectionTypes.description, pattern)),
    )
  }
  const where = and(...filters)
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(objectionTypes)
      .where(where)
      // lower() so the order does not depend on the database's collation.
      .orderBy(sql`lower(${objectionTypes.name})`, asc(objectionTypes.id))
      .limit(options.pageSize)
      .offset(pageWindow(options).offset),
    db.select({ total: count() }).from(objectionTypes).where(where),
  ])
  return { rows, total: totals?.total ?? 0 }
}

/**
 * A non-deleted type of the organisation; deleted ones and other organisations' are absent.
 * `includeDeleted`: deleted ones too, which a create that reuses an id is compared with.
 */
export async function findObjectionType(
  db: Database,
  id: string,
  organisationId: string,
  { includeDeleted = false }: { includeDeleted?: boolean } = {},
): Promise<ObjectionTypeRow | undefined> {
  const ofOrganisation = includeDeleted
    ? eq(objectionTypes.organisationId, organisationId)
    : liveTypesOf(organisationId)
  const [row] = await db
    .select()
    .from(objectionTypes)
    .where(and(eq(objectionTypes.id, id), ofOrganisation))
  return row
}

/** The organisation of the type with this id, in any organisation and deleted or not (it is the primary key). */
export async function objectionTypeOwner(db: Database, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ organisationId: objectionTypes.organisationId })
    .from(objectionTypes)
    .where(eq(objectionTypes.id, id))
  return row?.organisationId
}

/** Whether a non-deleted type of the organisation other than `exceptId` has this name, in any case. */
export async function objectionTypeNameTaken(
  db: Database,
  organisationId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: objectionTypes.id })
    .from(objectionTypes)
    .where(
      and(
        liveTypesOf(organisationId),
        sql`lower(${objectionTypes.name}) = lower(${name})`,
        exceptId ? ne(objectionTypes.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  return row !== undefined
}

/** Every non-deleted type of the organisation, oldest first. */
export function listLiveObjectionTypes(
  db: Database,
  organisationId: string,
): Promise<ObjectionTypeRow[]> {
  return db
    .select()
    .from(objectionTypes)
    .where(liveTypesOf(organisationId))
    .orderBy(asc(objectionTypes.createdAt), asc(objectionTypes.id))
}

/**
 * Serialises writes to one organisation's objection types until the transaction ends, so two
 * concurrent requests cannot both claim a free name. Call it inside a transaction.
 */
export function lockObjectionTypes(db: Database, organisationId: string): Promise<void> {
  return lockOrganisationScope(db, 'objection_types', organisationId)
}

/** Inserts the rows; those whose id already exists are skipped and missing from the answer. */
export async function insertObjectionTypes(
  db: Database,
  rows: NewObjectionTypeRow[],
): Promise<ObjectionTypeRow[]> {
  if (rows.length === 0) return []
  return db.insert(objectionTypes).values(rows).onConflictDoNothing().returning()
}

export type ObjectionTypeChanges = Partial<
  Pick<ObjectionTypeRow, 'name' | 'description' | 'examples' | 'active' | 'approved' | 'approvedBy'>
>

/** Updates a non-deleted type of the organisation and bumps updated_at; undefined if absent. */
export async function updateObjectionType(
  db: Database,
  id: string,
  organisationId: string,
  changes: ObjectionTypeChanges,
): Promise<ObjectionTypeRow | undefined> {
  const [row] = await db
    .update(objectionTypes)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(objectionTypes.id, id), liveTypesOf(organisationId)))
    .returning()
  return row
}

/** Soft delete: the row stays for the objections found under it, but is never shown again. */
export async function softDeleteObjectionType(
  db: Database,
  id: string,
  organisationId: string,
): Promise<boolean> {
  const rows = await db
    .update(objectionTypes)
    .set({ deleted: true, active: false, updatedAt: sql`now()` })
    .where(and(eq(objectionTypes.id, id), liveTypesOf(organisationId)))
    .returning({ id: objectionTypes.id })
  return rows.length > 0
}

/** Whether the type is one of the organisation's, not deleted (a prepared statement). */
export async function liveObjectionTypeExists(
  db: Database,
  id: string,
  organisationId: string,
): Promise<boolean> {
  const statement = preparedStatement(db, 'live_objection_type_exists', (name) =>
    db
      .select({ id: objectionTypes.id })
      .from(objectionTypes)
      .where(
        and(
          eq(objectionTypes.id, sql.placeholder('id')),
          eq(objectionTypes.organisationId, sql.placeholder('organisationId')),
          eq(objectionTypes.deleted, false),
        ),
      )
      .prepare(name),
  )
  return (await statement.execute({ id, organisationId })).length > 0
}

const TYPE_OBJECTION_COLUMNS = {
  id: objections.id,
  objectionTypeId: objections.objectionTypeId,
  dealId: objections.dealId,
  dealName: deals.name,
  engagementId: objections.engagementId,
  text: objections.text,
  speaker: objections.speaker,
  handled: objections.handled,
  handlingScore: objections.handlingScore,
  response: objections.response,
  occurredAt: objections.occurredAt,
}

const TYPE_OBJECTIONS_ORDER = [desc(objections.occurredAt), asc(objections.id)]

/** The objections found under one type, newest first, with their deal's name. */
export async function listObjectionsOfType(
  db: Database,
  organisationId: string,
  objectionTypeId: string,
  options: PageRequest & { since?: Date | undefined },
): Promise<PageOf<ObjectionRow>> {
  const where = and(
    eq(objections.organisationId, organisationId),
    eq(objections.objectionTypeId, objectionTypeId),
    // A user said "not an objection" (issue 14): out of the list and its total.
    eq(objections.rejected, false),
    options.since ? gte(objections.occurredAt, options.since) : undefined,
  )
  const { limit, offset } = pageWindow(options)
  const prepared = options.since === undefined && offset === 0 ? preparedFirstPage(db, limit) : null
  const [rows, [totals]] = await Promise.all([
    prepared
      ? prepared.execute({ organisationId, objectionTypeId })
      : db
          .select(TYPE_OBJECTION_COLUMNS)
          .from(objections)
          .innerJoin(deals, eq(deals.id, objections.dealId))
          .where(where)
          .orderBy(...TYPE_OBJECTIONS_ORDER)
          .limit(limit)
          .offset(offset),
    options.since
      ? db.select({ total: count() }).from(objections).where(where)
      : countObjectionsOfType(db, organisationId, objectionTypeId),
  ])
  return { rows, total: totals?.total ?? 0 }
}

/** The spec's list sizes: 30 (the types) and 100 (every other list, and the type's screen). */
const PREPARED_PAGE_SIZES: ReadonlySet<number> = new Set([30, 100])

/**
 * A type's first page as a named prepared statement with its LIMIT in the text, as the deal
 * list's (deal-list.repository.ts): planning it took most of PostgreSQL's time for the request
 * (1.3 of 1.6 ms), and with the LIMIT as a parameter the generic plan read a tenth of the
 * type's objections in parallel (28 ms) instead of walking the type's index to the page.
 */
function preparedFirstPage(db: Database, limit: number) {
  if (!PREPARED_PAGE_SIZES.has(limit)) return null
  return preparedStatement(db, `type_objections_first_page_${limit}`, (name) =>
    db
      .select(TYPE_OBJECTION_COLUMNS)
      .from(objections)
      .innerJoin(deals, eq(deals.id, objections.dealId))
      .where(
        and(
          eq(objections.organisationId, sql.placeholder('organisationId')),
          eq(objections.objectionTypeId, sql.placeholder('objectionTypeId')),
          eq(objections.rejected, false),
        ),
      )
      .orderBy(...TYPE_OBJECTIONS_ORDER)
      .limit(literalLimit(limit))
      .prepare(name),
  )
}

/**
 * A type's objections, rejected ones left out, from its rollup rows (a few per rep and pipeline,
 * ADR 0040) rather than counting every objection (ADR 0021). A prepared statement.
 */
function countObjectionsOfType(db: Database, organisationId: string, objectionTypeId: string) {
  return preparedStatement(db, 'type_objections_total', (name) =>
    db
      .select({ total: sql<number>`coalesce(sum(${objectionTypeCounts.raised}), 0)::int` })
      .from(objectionTypeCounts)
      .where(
        and(
          eq(objectionTypeCounts.organisationId, sql.placeholder('organisationId')),
          eq(objectionTypeCounts.objectionTypeId, sql.placeholder('objectionTypeId')),
        ),
      )
      .prepare(name),
  ).execute({ organisationId, objectionTypeId })
}

/**
 * Whether anyone added, changed or deleted one of the organisation's types. The seed writes its
 * types in the sign-up transaction, where now() is the organisation's creation time, so untouched
 * seeded types carry exactly that time. organisations.created_at is read in the same statement
 * because a JS Date would drop the microseconds the comparison depends on.
 */
export async function hasReviewedObjectionTypes(
  db: Database,
  organisationId: string,
): Promise<boolean> {
  const createdAt = organisationCreatedAt(db, organisationId)
  const rows = await db
    .select({ id: objectionTypes.id })
    .from(objectionTypes)
    .where(
      and(
        eq(objectionTypes.organisationId, organisationId),
        or(
          ne(objectionTypes.source, 'system'),
          gt(objectionTypes.createdAt, createdAt),
          gt(objectionTypes.updatedAt, createdAt),
        ),
      ),
    )
    .limit(1)
  return rows.length > 0
}
