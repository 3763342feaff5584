import type { ObjectionCorrection } from '@dealcoach/contracts/intelligence'
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client.js'
import { users } from '../../db/schema/accounts.js'
import { objectionFeedback, objections } from '../../db/schema/analysis.js'
import { deals } from '../../db/schema/deals.js'
import { objectionTypes } from '../../db/schema/objection-types.js'
import { lockOrganisationScope } from '../../lib/organisation-lock.js'
import { type PageOf, type PageRequest, pageWindow } from '../../lib/pagination.js'

export type ObjectionFeedbackRow = typeof objectionFeedback.$inferSelect
export type NewObjectionFeedbackRow = typeof objectionFeedback.$inferInsert

/** A detected objection, as far as a correction needs it. */
export interface CorrectableObjection {
  id: string
  dealId: string
  engagementId: string
  utteranceIndex: number | null
  text: string
  objectionTypeId: string
  rejected: boolean
}

/** One of the organisation's objections; another organisation's is absent. */
export async function findObjection(
  db: Database,
  organisationId: string,
  id: string,
): Promise<CorrectableObjection | undefined> {
  const [row] = await db
    .select({
      id: objections.id,
      dealId: objections.dealId,
      engagementId: objections.engagementId,
      utteranceIndex: objections.utteranceIndex,
      text: objections.text,
      objectionTypeId: objections.objectionTypeId,
      rejected: objections.rejected,
    })
    .from(objections)
    .where(and(eq(objections.id, id), eq(objections.organisationId, organisationId)))
  return row
}

/** Shows a correction on the objection at once, before the re-analysis it asks for. */
export async function setObjectionVerdict(
  db: Database,
  organisationId: string,
  id: string,
  verdict: { rejected: boolean; objectionTypeId: string },
): Promise<void> {
  await db
    .update(objections)
    .set(verdict)
    .where(and(eq(objections.id, id), eq(objections.organisationId, organisationId)))
}

/** Serialises corrections in the organisation, so two at once cannot both add one per sentence. */
export function lockFeedback(db: Database, organisationId: string): Promise<void> {
  return lockOrganisationScope(db, 'objection_feedback', organisationId)
}

/**
 * Replaces the correction of the same sentence (engagement and quote), if any, by a new one:
 * a sentence has one verdict, the latest. The new row is built knowing the one it replaces.
 */
export async function replaceFeedback(
  db: Database,
  sentence: { organisationId: string; engagementId: string; quote: string },
  build: (replaced: ObjectionFeedbackRow | undefined) => NewObjectionFeedbackRow,
): Promise<ObjectionFeedbackRow> {
  const [replaced] = await db
    .delete(objectionFeedback)
    .where(
      and(
        eq(objectionFeedback.organisationId, sentence.organisationId),
        eq(objectionFeedback.engagementId, sentence.engagementId),
        eq(objectionFeedback.quote, sentence.quote),
      ),
    )
    .returning()
  const [created] = await db.insert(objectionFeedback).values(build(replaced)).returning()
  if (!created) throw new Error('insert into objection_feedback returned no row')
  return created
}

export async function findFeedback(
  db: Database,
  organisationId: string,
  id: string,
): Promise<ObjectionFeedbackRow | undefined> {
  const [row] = await db
    .select()
    .from(objectionFeedback)
    .where(and(eq(objectionFeedback.id, id), eq(objectionFeedback.organisationId, organisationId)))
  return row
}

export async function deleteFeedback(db: Database, organisationId: string, id: string) {
  await db
    .delete(objectionFeedback)
    .where(and(eq(objectionFeedback.id, id), eq(objectionFeedback.organisationId, organisationId)))
}

/** A correction with the names the list shows. */
export interface NamedFeedback extends ObjectionFeedbackRow {
  originalTypeName: string | null
  correctedTypeName: string | null
  dealName: string
  userName: string | null
}

const originalTypes = alias(objectionTypes, 'original_types')
const correctedTypes = alias(objectionTypes, 'corrected_types')

function namedFeedbackQuery(db: Database) {
  return db
    .select({
      feedback: objectionFeedback,
      originalTypeName: originalTypes.name,
      correctedTypeName: correctedTypes.name,
      dealName: deals.name,
      userName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(objectionFeedback)
    .innerJoin(deals, eq(deals.id, objectionFeedback.dealId))
    .leftJoin(originalTypes, eq(originalTypes.id, objectionFeedback.originalTypeId))
    .leftJoin(correctedTypes, eq(correctedTypes.id, objectionFeedback.correctedTypeId))
    .leftJoin(users, eq(users.id, objectionFeedback.userId))
}

type NamedFeedbackResult = Awaited<ReturnType<ReturnType<typeof namedFeedbackQuery>['execute']>>

function toNamed(rows: NamedFeedbackResult): NamedFeedback[] {
  return rows.map(({ feedback, ...names }) => ({ ...feedback, ...names }))
}

/** The organisation's corrections, newest first. */
export async function listFeedback(
  db: Database,
  organisationId: string,
  page: PageRequest,
): Promise<PageOf<NamedFeedback>> {
  const where = eq(objectionFeedback.organisationId, organisationId)
  const { limit, offset } = pageWindow(page)
  const [rows, [totals]] = await Promise.all([
    namedFeedbackQuery(db)
      .where(where)
      .orderBy(desc(objectionFeedback.createdAt), desc(objectionFeedback.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(objectionFeedback).where(where),
  ])
  return { rows: toNamed(rows), total: totals?.total ?? 0 }
}

export async function findNamedFeedback(
  db: Database,
  organisationId: string,
  id: string,
): Promise<NamedFeedback | undefined> {
  const rows = await namedFeedbackQuery(db).where(
    and(eq(objectionFeedback.id, id), eq(objectionFeedback.organisationId, organisationId)),
  )
  return toNamed(rows)[0]
}

/** A correction as the deal screen shows it with its objection. */
export interface ObjectionCorrectionRef {
  id: string
  verdict: 'not_objection' | 'other_type'
  originalTypeId: string | null
}

/** The deal's corrections that point at one of its objections, by that objection's id. */
export async function dealCorrectionsByObjection(
  db: Database,
  organisationId: string,
  dealId: string,
): Promise<Map<string, ObjectionCorrectionRef>> {
  const rows = await db
    .select({
      id: objectionFeedback.id,
      objectionId: objectionFeedback.objectionId,
      verdict: objectionFeedback.verdict,
      originalTypeId: objectionFeedback.originalTypeId,
    })
    .from(objectionFeedback)
    .where(
      and(
        eq(objectionFeedback.organisationId, organisationId),
        eq(objectionFeedback.dealId, dealId),
        isNotNull(objectionFeedback.objectionId),
      ),
    )
  return new Map(
    rows.map(({ objectionId, ...correction }) => [objectionId ?? '', correction] as const),
  )
}

/**
 * Every correction of the organisation as the engine reads them, newest first (of two equally
 * close corrections the engine applies the first). One query: a paraphrase of a corrected
 * sentence may come up in any deal.
 */
export async function correctionsForAnalysis(
  db: Database,
  organisationId: string,
): Promise<ObjectionCorrection[]> {
  const rows = await db
    .select({
      quote: objectionFeedback.quote,
      verdict: objectionFeedback.verdict,
      correctedTypeId: objectionFeedback.correctedTypeId,
    })
    .from(objectionFeedback)
    .where(eq(objectionFeedback.organisationId, organisationId))
    .orderBy(desc(objectionFeedback.createdAt), desc(objectionFeedback.id))
  return rows.map((row) =>
    row.verdict === 'other_type' && row.correctedTypeId
      ? { quote: row.quote, verdict: row.verdict, objection_type_id: row.correctedTypeId }
      : { quote: row.quote, verdict: 'not_objection' as const },
  )
}

/**
 * After re-analysis wrote the deal's objections (one found again keeps its id, ADR 0033, but
 * takes the engine's type and rejection): links each of the deal's corrections to the row for
 * the same sentence (engagement and quote), or to none, and makes sure that row carries the
 * correction, whatever the provider decided (an exact sentence the user rejected stays
 * rejected; one they retyped keeps their type while it is active and not deleted).
 */
export async function relinkDealFeedback(
  db: Database,
  organisationId: string,
  dealId: string,
): Promise<void> {
  const ofDeal = and(
    eq(objectionFeedback.organisationId, organisationId),
    eq(objectionFeedback.dealId, dealId),
  )
  await db
    .update(objectionFeedback)
    .set({
      objectionId: sql`(
        select ${objections.id} from ${objections}
        where ${objections.organisationId} = ${objectionFeedback.organisationId}
          and ${objections.dealId} = ${objectionFeedback.dealId}
          and ${objections.engagementId} = ${objectionFeedback.engagementId}
          and ${objections.text} = ${objectionFeedback.quote}
        order by ${objections.id}
        limit 1
      )`,
    })
    .where(ofDeal)
  await db.execute(sql`
    update ${objections} set rejected = true
    from ${objectionFeedback}
    where ${objectionFeedback.objectionId} = ${objections.id}
      and ${objectionFeedback.organisationId} = ${organisationId}
      and ${objectionFeedback.dealId} = ${dealId}
      and ${objectionFeedback.verdict} = 'not_objection'
      and not ${objections.rejected}`)
  await db.execute(sql`
    update ${objections} set objection_type_id = ${objectionFeedback.correctedTypeId}
    from ${objectionFeedback}
    join ${objectionTypes} on ${objectionTypes.id} = ${objectionFeedback.correctedTypeId}
    where ${objectionFeedback.objectionId} = ${objections.id}
      and ${objectionFeedback.organisationId} = ${organisationId}
      and ${objectionFeedback.dealId} = ${dealId}
      and ${objectionFeedback.verdict} = 'other_type'
      and ${objectionTypes.active} and not ${objectionTypes.deleted}
      and ${objections.objectionTypeId} <> ${objectionFeedback.correctedTypeId}`)
}
