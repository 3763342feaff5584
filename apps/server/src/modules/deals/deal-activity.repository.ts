import {
  and,
  asc,
  type Column,
  count,
  desc,
  eq,
  gte,
  isNotNull,
  lt,
  type SQL,
  sql,
} from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client.js'
import { users } from '../../db/schema/accounts.js'
import { actionResults, objections } from '../../db/schema/analysis.js'
import { deals } from '../../db/schema/deals.js'
import { engagements } from '../../db/schema/engagements.js'
import { objectionTypes } from '../../db/schema/objection-types.js'
import { anyOf } from '../../db/uuid-any.js'

/** Which deals of a pipeline, and in which window [from, to). */
export interface ActivityFilter {
  organisationId: string
  pipelineId: string
  ownerId?: string
  from: Date
  to: Date
}

export interface ActivityDealRow {
  id: string
  name: string
  stageId: string
  ownerId: string | null
  ownerFirstName: string | null
  ownerLastName: string | null
  latestAt: Date
}

export interface WindowEngagementRow {
  id: string
  dealId: string
  type: 'email' | 'transcript' | 'meeting' | 'note'
  name: string
  occurredAt: Date
}

export interface EngagementObjectionRow {
  id: string
  engagementId: string
  objectionTypeId: string
  objectionTypeName: string
  text: string
  handled: boolean
  utteranceIndex: number | null
}

/** The pipeline's deals the filter keeps, whatever their activity. */
function pipelineDeals(filter: ActivityFilter): SQL[] {
  return [
    eq(deals.organisationId, filter.organisationId),
    eq(deals.pipelineId, filter.pipelineId),
    ...(filter.ownerId ? [eq(deals.ownerId, filter.ownerId)] : []),
  ]
}

function inWindow(filter: ActivityFilter): SQL {
  return sql`${engagements.dealId} = ${deals.id}
    and ${engagements.organisationId} = ${deals.organisationId}
    and ${engagements.occurredAt} >= ${filter.from.toISOString()}::timestamptz
    and ${engagements.occurredAt} < ${filter.to.toISOString()}::timestamptz`
}

/**
 * The deals active in the window, split by deals.last_activity_at (the latest engagement's time,
 * moved forward by every engagement write, so never earlier than any of the deal's engagements):
 * - `settled`: last activity inside the window. Their latest activity in the window is their last
 *   activity, so the deals' own index (organisation, pipeline[, owner], last_activity_at desc)
 *   yields them in order, a LIMIT stops the walk after the page, and counting them is an
 *   index-only count. (A deal whose engagements in the window were all deleted since keeps its
 *   last activity, so it is listed with no engagements: probing every deal for one would cost a
 *   lookup per deal, 11,000 on the bench's pipeline, for the count alone.)
 * - `later`: last activity after the window (a window ending before today). Their latest activity
 *   in the window is looked up per deal; for the default window, ending today, there are none.
 * Deals whose last activity is before the window cannot have engagements in it.
 */
function activeDealQueries(db: Database, filter: ActivityFilter) {
  const from = sql`${filter.from.toISOString()}::timestamptz`
  const to = sql`${filter.to.toISOString()}::timestamptz`
  const latestInWindow = sql<Date>`(select max(${engagements.occurredAt}) from ${engagements} where ${inWindow(filter)})`
  const settled = db
    .select({
      id: deals.id,
      latestAt: sql<Date>`${deals.lastActivityAt}`.as('latest_at'),
      createdAt: deals.createdAt,
    })
    .from(deals)
    .where(
      and(...pipelineDeals(filter), gte(deals.lastActivityAt, from), lt(deals.lastActivityAt, to)),
    )
  const later = db
    .select({ id: deals.id, latestAt: latestInWindow.as('latest_at'), createdAt: deals.createdAt })
    .from(deals)
    .where(and(...pipelineDeals(filter), gte(deals.lastActivityAt, to), isNotNull(latestInWindow)))
  return { settled, later }
}

/** How many deals of the pipeline were active in the window, settled and later (see above). */
export async function countActiveDeals(
  db: Database,
  filter: ActivityFilter,
): Promise<{ settled: number; later: number }> {
  const { settled, later } = activeDealQueries(db, filter)
  const [settledCount, laterCount] = await Promise.all([
    db.select({ n: count() }).from(settled.as('settled')),
    db.select({ n: count() }).from(later.as('later')),
  ])
  return { settled: settledCount[0]?.n ?? 0, later: laterCount[0]?.n ?? 0 }
}

/**
 * One page of those deals, latest activity in the window first, with stage and owner. Without
 * later deals (the default window) the page is read off the deals' index alone; PostgreSQL sorts
 * the whole union instead of merging it, so the union is only read when it has later deals.
 */
export async function listActiveDeals(
  db: Database,
  filter: ActivityFilter,
  page: { limit: number; offset: number; withLater: boolean },
): Promise<ActivityDealRow[]> {
  const { settled, later } = activeDealQueries(db, filter)
  // The order of the deals' last-activity indexes, so that a LIMIT stops their walk.
  const order = (
    latestAt: SQL | SQL.Aliased | Column,
    createdAt: SQL | Column,
    id: SQL | Column,
  ) => [sql`${latestAt} desc nulls last`, desc(createdAt), desc(id)]
  const ranked = (
    page.withLater
      ? unionAll(settled, later).orderBy(...order(sql`latest_at`, sql`created_at`, sql`id`))
      : settled.orderBy(...order(deals.lastActivityAt, deals.createdAt, deals.id))
  )
    .limit(page.limit)
    .offset(page.offset)
    .as('ranked')
  return db
    .select({
      id: deals.id,
      name: deals.name,
      stageId: deals.stageId,
      ownerId: deals.ownerId,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      latestAt: sql<Date>`${ranked.latestAt}`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(ranked)
    .innerJoin(deals, eq(deals.id, ranked.id))
    .leftJoin(users, eq(users.id, deals.ownerId))
    .orderBy(...order(ranked.latestAt, ranked.createdAt, ranked.id))
}

/** The deals' engagements in the window, oldest first. */
export async function listWindowEngagements(
  db: Database,
  filter: ActivityFilter,
  dealIds: readonly string[],
): Promise<WindowEngagementRow[]> {
  if (dealIds.length === 0) return []
  return db
    .select({
      id: engagements.id,
      dealId: engagements.dealId,
      type: engagements.type,
      name: engagements.name,
      occurredAt: engagements.occurredAt,
    })
    .from(engagements)
    .where(
      and(
        eq(engagements.organisationId, filter.organisationId),
        anyOf(engagements.dealId, dealIds),
        gte(engagements.occurredAt, filter.from),
        lt(engagements.occurredAt, filter.to),
      ),
    )
    .orderBy(asc(engagements.occurredAt), asc(engagements.id))
}

/**
 * The objections raised in the deals' engagements of the window, in the order they were raised:
 * by deal (indexed) and the engagement's time, asked beside the engagements themselves.
 */
export async function listWindowObjections(
  db: Database,
  filter: ActivityFilter,
  dealIds: readonly string[],
): Promise<EngagementObjectionRow[]> {
  if (dealIds.length === 0) return []
  return db
    .select({
      id: objections.id,
      engagementId: objections.engagementId,
      objectionTypeId: objections.objectionTypeId,
      objectionTypeName: objectionTypes.name,
      text: objections.text,
      handled: objections.handled,
      utteranceIndex: objections.utteranceIndex,
    })
    .from(objections)
    .innerJoin(objectionTypes, eq(objectionTypes.id, objections.objectionTypeId))
    .innerJoin(engagements, eq(engagements.id, objections.engagementId))
    .where(
      and(
        eq(objections.organisationId, filter.organisationId),
        anyOf(objections.dealId, dealIds),
        gte(engagements.occurredAt, filter.from),
        lt(engagements.occurredAt, filter.to),
        // A user said "not an objection" (issue 14).
        eq(objections.rejected, false),
      ),
    )
    .orderBy(
      asc(objections.engagementId),
      sql`${objections.utteranceIndex} nulls last`,
      asc(objections.id),
    )
}

/** Each action's latest status among the deals' engagements before `before`. */
export async function listPriorStatuses(
  db: Database,
  organisationId: string,
  dealIds: readonly string[],
  before: Date,
): Promise<{ dealId: string; actionId: string; status: string }[]> {
  if (dealIds.length === 0) return []
  return db
    .selectDistinctOn([actionResults.dealId, actionResults.actionId], {
      dealId: actionResults.dealId,
      actionId: actionResults.actionId,
      status: actionResults.status,
    })
    .from(actionResults)
    .innerJoin(engagements, eq(engagements.id, actionResults.engagementId))
    .where(
      and(
        eq(actionResults.organisationId, organisationId),
        anyOf(actionResults.dealId, dealIds),
        lt(engagements.occurredAt, before),
      ),
    )
    .orderBy(
      asc(actionResults.dealId),
      asc(actionResults.actionId),
      desc(engagements.occurredAt),
      desc(actionResults.createdAt),
    )
}
