import { and, desc, eq, sql } from 'drizzle-orm'
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
