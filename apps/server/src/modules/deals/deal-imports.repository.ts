import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { contacts, dealContacts, dealStageHistory, deals } from '../../db/schema/deals.js'

export type ImportedDealRow = Pick<
  typeof deals.$inferSelect,
  | 'id'
  | 'remoteId'
  | 'pipelineId'
  | 'stageId'
  | 'ownerId'
  | 'name'
  | 'accountName'
  | 'amount'
  | 'currency'
  | 'closeDate'
  | 'status'
>

/** Which of these ids are the organisation's deals' (another organisation's are not). */
export async function findDealIdsIn(
  db: Database,
  organisationId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.organisationId, organisationId), inArray(deals.id, [...ids])))
  return rows.map((row) => row.id)
}

/** The organisation's deals with these remote ids (an import's external ids). */
export async function findDealsByRemoteIds(
  db: Database,
  organisationId: string,
  remoteIds: readonly string[],
): Promise<ImportedDealRow[]> {
  if (remoteIds.length === 0) return []
  return db
    .select({
      id: deals.id,
      remoteId: deals.remoteId,
      pipelineId: deals.pipelineId,
      stageId: deals.stageId,
      ownerId: deals.ownerId,
      name: deals.name,
      accountName: deals.accountName,
      // The numeric as the API writes it (two decimals), so a re-import compares equal.
      amount: sql<string | null>`${deals.amount}::text`,
      currency: deals.currency,
      closeDate: deals.closeDate,
      status: deals.status,
    })
    .from(deals)
    .where(and(eq(deals.organisationId, organisationId), inArray(deals.remoteId, [...remoteIds])))
}

export type ImportedContactRow = Pick<
  typeof contacts.$inferSelect,
  'id' | 'remoteId' | 'name' | 'email' | 'title' | 'company'
>

export async function findContactsByRemoteIds(
  db: Database,
  organisationId: string,
  remoteIds: readonly string[],
): Promise<ImportedContactRow[]> {
  if (remoteIds.length === 0) return []
  return db
    .select({
      id: contacts.id,
      remoteId: contacts.remoteId,
      name: contacts.name,
      email: contacts.email,
      title: contacts.title,
      company: contacts.company,
    })
    .from(contacts)
    .where(
      and(eq(contacts.organisationId, organisationId), inArray(contacts.remoteId, [...remoteIds])),
    )
}

export async function insertImportedContacts(
  db: Database,
  organisationId: string,
  values: readonly Omit<ImportedContactRow, 'id'>[],
): Promise<void> {
  if (values.length === 0) return
  await db.insert(contacts).values(values.map((row) => ({ organisationId, ...row })))
}

export async function insertDeals(
  db: Database,
  organisationId: string,
  values: readonly Omit<typeof deals.$inferInsert, 'id' | 'organisationId'>[],
): Promise<{ id: string; stageId: string; createdAt: Date; remoteId: string | null }[]> {
  return db
    .insert(deals)
    .values(values.map((row) => ({ ...row, organisationId })))
    .returning({
      id: deals.id,
      stageId: deals.stageId,
      createdAt: deals.createdAt,
      remoteId: deals.remoteId,
    })
}

export async function insertStageChanges(
  db: Database,
  organisationId: string,
  changes: readonly {
    dealId: string
    fromStageId: string | null
    toStageId: string
    changedAt: Date
  }[],
): Promise<void> {
  if (changes.length === 0) return
  await db.insert(dealStageHistory).values(changes.map((change) => ({ organisationId, ...change })))
}

export async function updateImportedContact(
  db: Database,
  organisationId: string,
  id: string,
  values: Partial<Omit<ImportedContactRow, 'id' | 'remoteId'>>,
): Promise<void> {
  await db
    .update(contacts)
    .set(values)
    .where(and(eq(contacts.organisationId, organisationId), eq(contacts.id, id)))
}

/** New deal–contact links; a link that exists keeps its role. */
export async function insertDealContactLinks(
  db: Database,
  organisationId: string,
  links: readonly { dealId: string; contactId: string }[],
): Promise<void> {
  if (links.length === 0) return
  await db
    .insert(dealContacts)
    .values(links.map((link) => ({ organisationId, ...link })))
    .onConflictDoNothing()
}
