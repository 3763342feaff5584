import {
  and,
  asc,
  type Column,
  count,
  eq,
  getTableColumns,
  inArray,
  notInArray,
  or,
  type Placeholder,
  sql,
} from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { preparedStatement } from '../../db/prepared-statements.js'
import {
  contacts,
  dealContacts,
  dealStageHistory,
  deals,
  pipelineDealCounts,
} from '../../db/schema/deals.js'

/** A deal as the API reads it: every column but the search's kept lower-case text. */
export type DealRow = Omit<typeof deals.$inferSelect, 'searchText'>
const { searchText: _searchText, ...dealColumns } = getTableColumns(deals)
/** The columns of a DealRow, to select and return. */
export const DEAL_COLUMNS = dealColumns
export type DealInsert = Omit<typeof deals.$inferInsert, 'id' | 'organisationId'>
export type StageHistoryRow = typeof dealStageHistory.$inferSelect

/** A contact as linked to one deal, with its role in that deal. */
export interface DealContactRow {
  id: string
  name: string
  email: string | null
  title: string | null
  role: string | null
}

/** The sum of the counts the `deals` triggers keep (migration 0009) for one pipeline or all. */
export function keptDealCount(
  db: Database,
  organisationId: string | Placeholder,
  pipelineId: string | Placeholder | undefined,
) {
  return db
    .select({ total: sql<number>`coalesce(sum(${pipelineDealCounts.dealCount}), 0)::int` })
    .from(pipelineDealCounts)
    .where(
      and(
        eq(pipelineDealCounts.organisationId, organisationId),
        pipelineId === undefined ? undefined : eq(pipelineDealCounts.pipelineId, pipelineId),
      ),
    )
}

/**
 * How many deals the pipeline holds, or with no pipeline the whole organisation: read off the
 * counts the `deals` triggers keep (migration 0009), not by counting the deals.
 */
export async function countPipelineDeals(
  db: Database,
  organisationId: string,
  pipelineId?: string,
): Promise<number> {
  // A pipeline's count places each of its deep pages (deal-list.repository.ts): prepared, as its
  // plan never depends on the ids.
  const [row] =
    pipelineId === undefined
      ? await keptDealCount(db, organisationId, undefined)
      : await preparedStatement(db, 'pipeline_kept_deal_count', (name) =>
          keptDealCount(
            db,
            sql.placeholder('organisationId'),
            sql.placeholder('pipelineId'),
          ).prepare(name),
        ).execute({ organisationId, pipelineId })
  return row?.total ?? 0
}

/** How many deals each of the stages holds; stages without deals are absent. */
export async function countDealsByStage(
  db: Database,
  organisationId: string,
  stageIds: readonly string[],
): Promise<Map<string, number>> {
  if (stageIds.length === 0) return new Map()
  const rows = await db
    .select({ stageId: deals.stageId, total: count() })
    .from(deals)
    .where(and(eq(deals.organisationId, organisationId), inArray(deals.stageId, [...stageIds])))
    .groupBy(deals.stageId)
  return new Map(rows.map((row) => [row.stageId, row.total]))
}

export async function organisationHasDeals(db: Database, organisationId: string): Promise<boolean> {
  const rows = await db
    .select({ id: deals.id })
    .from(deals)
    .where(eq(deals.organisationId, organisationId))
    .limit(1)
  return rows.length > 0
}

/**
 * Merges one stage into another: its deals move to the target, each with a stage-history row of
 * the move, so that their history still shows the stage they were in (ADR 0034).
 */
export async function mergeStageInto(
  db: Database,
  organisationId: string,
  fromStageId: string,
  toStageId: string,
) {
  const inStage = and(eq(deals.organisationId, organisationId), eq(deals.stageId, fromStageId))
  await db.insert(dealStageHistory).select(
    db
      .select({
        id: sql`gen_random_uuid()`.as('id'),
        organisationId: deals.organisationId,
        dealId: deals.id,
        fromStageId: deals.stageId,
        toStageId: sql`${toStageId}::uuid`.as('to_stage_id'),
        fromStageName: sql`null`.as('from_stage_name'),
        toStageName: sql`null`.as('to_stage_name'),
        changedAt: sql`now()`.as('changed_at'),
      })
      .from(deals)
      .where(inStage),
  )
  await db
    .update(deals)
    .set({ stageId: toStageId, updatedAt: sql`now()` })
    .where(inStage)
}

/**
 * Keeps the names of stages about to be deleted on the stage-history rows that name them, so the
 * history still reads them once they are gone (ADR 0034).
 */
export async function keepStageNamesInHistory(
  db: Database,
  organisationId: string,
  removed: readonly { id: string; name: string }[],
) {
  for (const stage of removed) {
    // The stage's name where `column` names the stage, else what the row kept.
    const kept = (column: Column, name: Column) =>
      sql`coalesce(case when ${column} = ${stage.id} then ${stage.name} end, ${name})`
    await db
      .update(dealStageHistory)
      .set({
        fromStageName: kept(dealStageHistory.fromStageId, dealStageHistory.fromStageName),
        toStageName: kept(dealStageHistory.toStageId, dealStageHistory.toStageName),
      })
      .where(
        and(
          eq(dealStageHistory.organisationId, organisationId),
          or(eq(dealStageHistory.fromStageId, stage.id), eq(dealStageHistory.toStageId, stage.id)),
        ),
      )
  }
}

export async function findDeal(
  db: Database,
  organisationId: string,
  dealId: string,
  options: { lock?: boolean } = {},
): Promise<DealRow | undefined> {
  const query = db
    .select(DEAL_COLUMNS)
    .from(deals)
    .where(and(eq(deals.organisationId, organisationId), eq(deals.id, dealId)))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function insertDeal(
  db: Database,
  organisationId: string,
  values: DealInsert,
): Promise<DealRow> {
  const [row] = await db
    .insert(deals)
    .values({ ...values, organisationId })
    .returning(DEAL_COLUMNS)
  if (!row) throw new Error('the deal was not inserted')
  return row
}

export async function updateDealRow(
  db: Database,
  organisationId: string,
  dealId: string,
  changes: Partial<DealInsert>,
): Promise<void> {
  await db
    .update(deals)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(deals.organisationId, organisationId), eq(deals.id, dealId)))
}

export async function deleteDealRow(
  db: Database,
  organisationId: string,
  dealId: string,
): Promise<void> {
  await db.delete(deals).where(and(eq(deals.organisationId, organisationId), eq(deals.id, dealId)))
}

/**
 * The latest of the stored and the given instant, so an older engagement never moves it back;
 * never later than now: a meeting booked for next week (a CRM syncs those) is activity today,
 * and a last activity in the future would read as "today" to every staleness rule.
 */
export async function touchLastActivity(
  db: Database,
  organisationId: string,
  dealId: string,
  at: Date,
): Promise<void> {
  const happened = sql`least(${at.toISOString()}::timestamptz, now())`
  await db
    .update(deals)
    .set({ lastActivityAt: sql`greatest(${deals.lastActivityAt}, ${happened})` })
    .where(and(eq(deals.organisationId, organisationId), eq(deals.id, dealId)))
}

/** The copy of the current assessment's confidence the deal list sorts on. */
export async function setDealConfidence(
  db: Database,
  organisationId: string,
  dealId: string,
  confidence: number | null,
): Promise<void> {
  await db
    .update(deals)
    .set({ confidence })
    .where(and(eq(deals.organisationId, organisationId), eq(deals.id, dealId)))
}

export async function insertStageChange(
  db: Database,
  organisationId: string,
  change: { dealId: string; fromStageId: string | null; toStageId: string; changedAt: Date },
): Promise<void> {
  await db.insert(dealStageHistory).values({ organisationId, ...change })
}

export async function listDealContactRows(
  db: Database,
  organisationId: string,
  dealIds: readonly string[],
): Promise<(DealContactRow & { dealId: string })[]> {
  if (dealIds.length === 0) return []
  return db
    .select({
      dealId: dealContacts.dealId,
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      title: contacts.title,
      role: dealContacts.role,
    })
    .from(dealContacts)
    .innerJoin(contacts, eq(contacts.id, dealContacts.contactId))
    .where(
      and(
        eq(dealContacts.organisationId, organisationId),
        inArray(dealContacts.dealId, [...dealIds]),
      ),
    )
    .orderBy(asc(contacts.name), asc(contacts.id))
}

/** The organisation's contact with this (already normalised) e-mail, the oldest if several. */
export async function findContactByEmail(
  db: Database,
  organisationId: string,
  email: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(eq(contacts.organisationId, organisationId), sql`lower(${contacts.email}) = ${email}`),
    )
    .orderBy(asc(contacts.createdAt))
    .limit(1)
  return row
}

export async function insertContact(
  db: Database,
  organisationId: string,
  values: { name: string; email: string | null; title: string | null },
): Promise<string> {
  const [row] = await db
    .insert(contacts)
    .values({ organisationId, ...values })
    .returning({ id: contacts.id })
  if (!row) throw new Error('the contact was not inserted')
  return row.id
}

export async function updateContact(
  db: Database,
  organisationId: string,
  contactId: string,
  values: { name: string; email: string | null; title: string | null },
): Promise<void> {
  await db
    .update(contacts)
    .set(values)
    .where(and(eq(contacts.organisationId, organisationId), eq(contacts.id, contactId)))
}

/** Links the contact to the deal with a role, or updates the role of an existing link. */
export async function linkContact(
  db: Database,
  organisationId: string,
  dealId: string,
  contactId: string,
  role: string | null,
): Promise<void> {
  await db
    .insert(dealContacts)
    .values({ organisationId, dealId, contactId, role })
    .onConflictDoUpdate({ target: [dealContacts.dealId, dealContacts.contactId], set: { role } })
}

/** Unlinks every contact of the deal but the kept ones; the contacts themselves stay. */
export async function unlinkContactsExcept(
  db: Database,
  organisationId: string,
  dealId: string,
  keptContactIds: readonly string[],
): Promise<void> {
  const conditions = [
    eq(dealContacts.organisationId, organisationId),
    eq(dealContacts.dealId, dealId),
  ]
  if (keptContactIds.length > 0) {
    conditions.push(notInArray(dealContacts.contactId, [...keptContactIds]))
  }
  await db.delete(dealContacts).where(and(...conditions))
}
