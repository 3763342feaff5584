import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { engagements } from '../../db/schema/engagements.js'

export type ImportedEngagementRow = Pick<
  typeof engagements.$inferSelect,
  | 'id'
  | 'remoteId'
  | 'dealId'
  | 'type'
  | 'name'
  | 'occurredAt'
  | 'direction'
  | 'participants'
  | 'body'
  | 'utterances'
>

/** The organisation's engagements with these remote ids (an import's external ids). */
export async function findEngagementsByRemoteIds(
  db: Database,
  organisationId: string,
  remoteIds: readonly string[],
): Promise<ImportedEngagementRow[]> {
  if (remoteIds.length === 0) return []
  return db
    .select({
      id: engagements.id,
      remoteId: engagements.remoteId,
      dealId: engagements.dealId,
      type: engagements.type,
      name: engagements.name,
      occurredAt: engagements.occurredAt,
      direction: engagements.direction,
      participants: engagements.participants,
      body: engagements.body,
      utterances: engagements.utterances,
    })
    .from(engagements)
    .where(
      and(
        eq(engagements.organisationId, organisationId),
        inArray(engagements.remoteId, [...remoteIds]),
      ),
    )
}

export async function updateImportedEngagement(
  db: Database,
  organisationId: string,
  id: string,
  values: Partial<Omit<ImportedEngagementRow, 'id' | 'remoteId'>>,
): Promise<void> {
  await db
    .update(engagements)
    .set(values)
    .where(and(eq(engagements.organisationId, organisationId), eq(engagements.id, id)))
}

export async function insertImportedEngagements(
  db: Database,
  values: readonly Omit<typeof engagements.$inferInsert, 'id' | 'createdAt'>[],
): Promise<void> {
  if (values.length === 0) return
  await db.insert(engagements).values([...values])
}
