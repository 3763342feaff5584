import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { engagements } from '../../db/schema/engagements.js'

export type EngagementRow = typeof engagements.$inferSelect
export type EngagementInsert = Omit<typeof engagements.$inferInsert, 'id' | 'createdAt'>

/** The constraint that refuses a second upload of the same content to a deal. */
export const CONTENT_HASH_KEY = 'engagements_deal_content_hash_key'

export async function insertEngagement(
  db: Database,
  values: EngagementInsert,
): Promise<EngagementRow> {
  const [row] = await db.insert(engagements).values(values).returning()
  if (!row) throw new Error('the engagement was not inserted')
  return row
}

export async function findEngagement(
  db: Database,
  organisationId: string,
  id: string,
): Promise<EngagementRow | undefined> {
  const [row] = await db
    .select()
    .from(engagements)
    .where(and(eq(engagements.organisationId, organisationId), eq(engagements.id, id)))
  return row
}

export async function dealHasEngagements(
  db: Database,
  organisationId: string,
  dealId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: engagements.id })
    .from(engagements)
    .where(and(eq(engagements.organisationId, organisationId), eq(engagements.dealId, dealId)))
    .limit(1)
  return row !== undefined
}

export async function findByContentHash(
  db: Database,
  organisationId: string,
  dealId: string,
  contentHash: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: engagements.id, name: engagements.name })
    .from(engagements)
    .where(
      and(
        eq(engagements.organisationId, organisationId),
        eq(engagements.dealId, dealId),
        eq(engagements.contentHash, contentHash),
      ),
    )
  return row
}

/** A deal's engagements, newest first, with how many utterances each has (not the utterances). */
export function listDealEngagements(db: Database, organisationId: string, dealId: string) {
  return db
    .select({
      id: engagements.id,
      dealId: engagements.dealId,
      type: engagements.type,
      name: engagements.name,
      occurredAt: engagements.occurredAt,
      direction: engagements.direction,
      participants: engagements.participants,
      sourceFileName: engagements.sourceFileName,
      utteranceCount: sql<number>`jsonb_array_length(${engagements.utterances})::int`,
      createdAt: engagements.createdAt,
    })
    .from(engagements)
    .where(and(eq(engagements.organisationId, organisationId), eq(engagements.dealId, dealId)))
    .orderBy(desc(engagements.occurredAt), desc(engagements.createdAt), desc(engagements.id))
}

export type EngagementSummaryRow = Awaited<ReturnType<typeof listDealEngagements>>[number]

/** What evidence cites of the organisation's engagements among `ids` (no content). */
export function findEngagementRefs(db: Database, organisationId: string, ids: readonly string[]) {
  return db
    .select({
      id: engagements.id,
      name: engagements.name,
      type: engagements.type,
      occurredAt: engagements.occurredAt,
    })
    .from(engagements)
    .where(and(eq(engagements.organisationId, organisationId), inArray(engagements.id, [...ids])))
}

export type EngagementRefRow = Awaited<ReturnType<typeof findEngagementRefs>>[number]

/** A deal's engagements with their content, oldest first: what the analysis engine reads. */
export function listEngagementsWithContent(
  db: Database,
  organisationId: string,
  dealId: string,
): Promise<EngagementRow[]> {
  return db
    .select()
    .from(engagements)
    .where(and(eq(engagements.organisationId, organisationId), eq(engagements.dealId, dealId)))
    .orderBy(engagements.occurredAt, engagements.createdAt, engagements.id)
}

export async function deleteEngagementRow(
  db: Database,
  organisationId: string,
  id: string,
): Promise<void> {
  await db
    .delete(engagements)
    .where(and(eq(engagements.organisationId, organisationId), eq(engagements.id, id)))
}

/**
 * A deal's engagements, oldest first, with who took part: the participants and the speakers of
 * the transcript (an import may name speakers it did not list as participants).
 */
export function listEngagementPeople(db: Database, organisationId: string, dealId: string) {
  return db
    .select({
      id: engagements.id,
      occurredAt: engagements.occurredAt,
      participants: engagements.participants,
      speakers: sql<string[]>`(select coalesce(jsonb_agg(distinct u->>'speaker'), '[]'::jsonb)
        from jsonb_array_elements(${engagements.utterances}) as u)`,
    })
    .from(engagements)
    .where(and(eq(engagements.organisationId, organisationId), eq(engagements.dealId, dealId)))
    .orderBy(asc(engagements.occurredAt), asc(engagements.createdAt), asc(engagements.id))
}

export type EngagementPeopleRow = Awaited<ReturnType<typeof listEngagementPeople>>[number]

/** The organisation's engagements in [from, to), oldest first: read by occurred_at's index. */
export function listEngagementsBetween(db: Database, organisationId: string, from: Date, to: Date) {
  return db
    .select({ id: engagements.id, dealId: engagements.dealId, occurredAt: engagements.occurredAt })
    .from(engagements)
    .where(
      and(
        eq(engagements.organisationId, organisationId),
        gte(engagements.occurredAt, from),
        lt(engagements.occurredAt, to),
      ),
    )
    .orderBy(asc(engagements.occurredAt), asc(engagements.id))
}

export type EngagementTimeRow = Awaited<ReturnType<typeof listEngagementsBetween>>[number]
