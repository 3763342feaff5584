import type { FilterClause } from '@dealcoach/contracts/list-query'
import { and, asc, type Column, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client.js'
import { users } from '../../db/schema/accounts.js'
import { objectionFeedback, objections } from '../../db/schema/analysis.js'
import { deals } from '../../db/schema/deals.js'
import { engagements } from '../../db/schema/engagements.js'
import { objectionTypes } from '../../db/schema/objection-types.js'
import {
  dealObjectionTypes,
  objectionDealCounts,
  objectionDealDays,
  objectionOutcomeCounts,
  objectionOutcomeDays,
  objectionTypeCounts,
  objectionTypeDays,
} from '../../db/schema/reports.js'
import { filterConditions, type FilterColumns } from '../../lib/filter-query.js'
import { type PageOf, type PageRequest, pageWindow } from '../../lib/pagination.js'
import { anyOf } from '../../db/uuid-any.js'
import { filteredDeals } from '../deals/deal-filter-sql.js'

const DAY_MS = 86_400_000
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** One bound of when an objection was raised, from `engagement_timestamp.*` or `created.*`. */
export interface TimeBound {
  operator: 'gte' | 'lt' | 'lte'
  at: Date
  /** Given as a date: `lte` then takes in the whole day. */
  dateOnly: boolean
}

/**
 * What an objection report covers, within one organisation: the deal list's filters, which
 * types, when raised and (the list only) the verdict.
 */
export interface ObjectionScope {
  organisationId: string
  dealClauses: readonly FilterClause[]
  typeClauses: readonly FilterClause[]
  period: readonly TimeBound[]
  handled?: boolean
}

export function timeBoundOf(clause: FilterClause): TimeBound {
  const text = String(clause.value)
  return {
    operator: clause.operator as TimeBound['operator'],
    at: new Date(text),
    dateOnly: DATE_ONLY.test(text),
  }
}

const isMidnight = (at: Date) => at.getTime() % DAY_MS === 0
const dayOf = (at: Date) => at.toISOString().slice(0, 10)

/** A bound as UTC days of the rollups, or undefined when it falls inside a day. */
function dayBound(bound: TimeBound): { operator: 'gte' | 'lt' | 'lte'; day: string } | undefined {
  if (bound.operator === 'lte') {
    return bound.dateOnly ? { operator: 'lte', day: dayOf(bound.at) } : undefined
  }
  return isMidnight(bound.at) ? { operator: bound.operator, day: dayOf(bound.at) } : undefined
}

/** The first instant after the period, or its first, for the trend's buckets. */
export function periodEdges(period: readonly TimeBound[]): { from?: Date; to?: Date } {
  const edges: { from?: Date; to?: Date } = {}
  for (const bound of period) {
    if (bound.operator === 'gte') edges.from = bound.at
    else edges.to = bound.at
  }
  return edges
}

/** The columns the segment rollups share: a deal's pipeline, owner and status, and the type. */
type SegmentTable =
  | typeof objectionTypeDays
  | typeof objectionTypeCounts
  | typeof objectionOutcomeCounts
  | typeof objectionOutcomeDays

const segmentColumns = (table: SegmentTable) =>
  ({
    pipeline_id: table.pipelineId,
    owner_id: table.ownerId,
    status: table.status,
    objection_type_id: table.objectionTypeId,
  }) satisfies FilterColumns

const SEGMENT_FIELDS = new Set(['pipeline_id', 'owner_id', 'status'])

/** Whether the rollups per segment answer the deal filters (search, stage, close date do not). */
const selectsSegments = (scope: ObjectionScope) =>
  scope.dealClauses.every((clause) => SEGMENT_FIELDS.has(clause.field))

/** Whether the days of the rollups answer the period: every bound at a UTC day's edge. */
const periodInDays = (scope: ObjectionScope) =>
  scope.period.every((bound) => dayBound(bound) !== undefined)

/** Whether the rollups per segment and day answer the whole scope. */
export const answeredByDays = (scope: ObjectionScope) =>
  selectsSegments(scope) && periodInDays(scope)

/**
 * The rollup of objections per segment and type that answers the scope: with no period, the
 * counts over every day (a few rows per rep and type); else the days, summed over the period
 * (ADR 0040). Only where `answeredByDays`.
 */
const typeRollupOf = (scope: ObjectionScope) =>
  scope.period.length === 0 ? objectionTypeCounts : objectionTypeDays

function dayConditions(scope: ObjectionScope, column: Column = objectionTypeDays.day): SQL[] {
  return scope.period.flatMap((bound) => {
    const day = dayBound(bound)
    if (!day) return []
    if (day.operator === 'gte') return [sql`${column} >= ${day.day}`]
    if (day.operator === 'lt') return [sql`${column} < ${day.day}`]
    return [sql`${column} <= ${day.day}`]
  })
}

/** The period on the objections' own time (or another timestamp column). */
function occurredConditions(
  period: readonly TimeBound[],
  column: Column | SQL.Aliased = objections.occurredAt,
): SQL[] {
  return period.map((bound) => {
    if (bound.operator === 'gte') return sql`${column} >= ${bound.at.toISOString()}`
    if (bound.operator === 'lt') return sql`${column} < ${bound.at.toISOString()}`
    return bound.dateOnly
      ? sql`${column} < ${new Date(bound.at.getTime() + DAY_MS).toISOString()}`
      : sql`${column} <= ${bound.at.toISOString()}`
  })
}

/**
 * The organisation's objections the scope selects, rejected ones left out, as conditions over
 * `objections` joined to `deals`.
 */
function objectionConditions(scope: ObjectionScope): SQL {
  return (
    and(
      eq(objections.organisationId, scope.organisationId),
      eq(objections.rejected, false),
      filterConditions(scope.typeClauses, { objection_type_id: objections.objectionTypeId }),
      ...occurredConditions(scope.period),
      scope.handled === undefined ? undefined : eq(objections.handled, scope.handled),
      filteredDeals(scope.organisationId, scope.dealClauses),
    ) ?? sql`true`
  )
}

/** The segment rollup rows the scope selects (the days one, or the outcomes one). */
function segmentConditions(table: SegmentTable, scope: ObjectionScope): SQL | undefined {
  return and(
    eq(table.organisationId, scope.organisationId),
    filterConditions([...scope.dealClauses, ...scope.typeClauses], segmentColumns(table)),
  )
}

export type TrendInterval = 'week' | 'month'

export interface TypeBucketCount {
  objectionTypeId: string
  /** The bucket's first day, yyyy-MM-dd. */
  start: string
  raised: number
  handled: number
}

/** Objections raised and handled per type and week or month (weeks start on Monday). */
export async function countByTypeAndBucket(
  db: Database,
  scope: ObjectionScope,
  interval: TrendInterval,
): Promise<TypeBucketCount[]> {
  // The interval is inlined: grouped by, PostgreSQL must see the same text as in the select list.
  const bucketOf = (day: SQL) =>
    sql<string>`to_char(date_trunc('${sql.raw(interval)}', ${day}), 'YYYY-MM-DD')`
  if (answeredByDays(scope)) {
    return db
      .select({
        objectionTypeId: objectionTypeDays.objectionTypeId,
        start: bucketOf(sql`${objectionTypeDays.day}::timestamp`),
        raised: sql<number>`sum(${objectionTypeDays.raised})::int`,
        handled: sql<number>`sum(${objectionTypeDays.handled})::int`,
      })
      .from(objectionTypeDays)
      .where(and(segmentConditions(objectionTypeDays, scope), ...dayConditions(scope)))
      .groupBy(sql`1`, sql`2`)
      .having(sql`sum(${objectionTypeDays.raised}) > 0`)
  }
  return db
    .select({
      objectionTypeId: objections.objectionTypeId,
      start: bucketOf(sql`(${objections.occurredAt} at time zone 'UTC')`),
      raised: sql<number>`count(*)::int`,
      handled: sql<number>`(count(*) filter (where ${objections.handled}))::int`,
    })
    .from(objections)
    .innerJoin(deals, eq(deals.id, objections.dealId))
    .where(objectionConditions(scope))
    .groupBy(sql`1`, sql`2`)
}

export interface OwnerTypeCount {
  ownerId: string | null
  objectionTypeId: string
  raised: number
  handled: number
}

/** Objections raised and handled per deal owner and type. */
export async function countByOwnerAndType(
  db: Database,
  scope: ObjectionScope,
): Promise<OwnerTypeCount[]> {
  if (answeredByDays(scope)) {
    const rollup = typeRollupOf(scope)
    return db
      .select({
        ownerId: rollup.ownerId,
        objectionTypeId: rollup.objectionTypeId,
        raised: sql<number>`sum(${rollup.raised})::int`,
        handled: sql<number>`sum(${rollup.handled})::int`,
      })
      .from(rollup)
      .where(and(segmentConditions(rollup, scope), ...dayConditions(scope)))
      .groupBy(rollup.ownerId, rollup.objectionTypeId)
      .having(sql`sum(${rollup.raised}) > 0`)
  }
  return db
    .select({
      ownerId: deals.ownerId,
      objectionTypeId: objections.objectionTypeId,
      raised: sql<number>`count(*)::int`,
      handled: sql<number>`(count(*) filter (where ${objections.handled}))::int`,
    })
    .from(objections)
    .innerJoin(deals, eq(deals.id, objections.dealId))
    .where(objectionConditions(scope))
    .groupBy(deals.ownerId, objections.objectionTypeId)
}

export interface OutcomeCount {
  objectionTypeId: string
  /** Whether the deal's latest objection of the type was handled. */
  lastHandled: boolean
  status: 'open' | 'won' | 'lost'
  progressed: boolean
  deals: number
}

/**
 * Deals that met each type, by whether their latest objection of it was handled, the deal's
 * status and whether it moved to a later stage after the type was first raised; and how many
 * deals met any of them. A period selects the deals that first met the type in it (each deal
 * counted once per type). The segment rollups answer pipeline, owner, status and type filters
 * with periods at day edges; anything else reads the per-deal rollup.
 */
export async function countOutcomes(
  db: Database,
  scope: ObjectionScope,
): Promise<{ rows: OutcomeCount[]; deals: number }> {
  if (!selectsSegments(scope) || !periodInDays(scope)) return countOutcomesOfDeals(db, scope)
  const [rows, deals] = await Promise.all([
    outcomesOfSegments(db, scope),
    countDealsOfSegments(db, scope),
  ])
  return { rows, deals }
}

/** Deals per type, handled or not, status and progress (those first meeting it in the period). */
function outcomesOfSegments(db: Database, scope: ObjectionScope): Promise<OutcomeCount[]> {
  const dayed = scope.period.length > 0
  const table = dayed ? objectionOutcomeDays : objectionOutcomeCounts
  return db
    .select({
      objectionTypeId: table.objectionTypeId,
      lastHandled: table.lastHandled,
      status: table.status,
      progressed: table.progressed,
      deals: sql<number>`sum(${table.deals})::int`,
    })
    .from(table)
    .where(
      and(
        segmentConditions(table, scope),
        ...(dayed ? dayConditions(scope, objectionOutcomeDays.firstDay) : []),
      ),
    )
    .groupBy(table.objectionTypeId, table.lastHandled, table.status, table.progressed)
    .having(sql`sum(${table.deals}) > 0`)
}

/** Deals that met any objection the scope selects (first in the period, if any). */
async function countDealsOfSegments(db: Database, scope: ObjectionScope): Promise<number> {
  if (scope.typeClauses.length > 0) return countDistinctDeals(db, scope, undefined)
  const dayed = scope.period.length > 0
  const table = dayed ? objectionDealDays : objectionDealCounts
  const [row] = await db
    .select({ deals: sql<number>`coalesce(sum(${table.deals}), 0)::int` })
    .from(table)
    .where(
      and(
        eq(table.organisationId, scope.organisationId),
        filterConditions(scope.dealClauses, {
          pipeline_id: table.pipelineId,
          owner_id: table.ownerId,
          status: table.status,
        }),
        ...(dayed ? dayConditions(scope, objectionDealDays.firstDay) : []),
      ),
    )
  return row?.deals ?? 0
}

/** The period on the per-deal rollup's first raise. */
function firstRaisedConditions(period: readonly TimeBound[]): SQL[] {
  return occurredConditions(period, dealObjectionTypes.firstRaisedAt)
}

/**
 * Distinct deals in the per-deal rollup whose first objection of the selected types falls in
 * the period; `dealIds` narrows to the deals of other filters.
 */
async function countDistinctDeals(
  db: Database,
  scope: ObjectionScope,
  dealIds: SQL | undefined,
): Promise<number> {
  const table = dealObjectionTypes
  const perDeal = db
    .select({
      dealId: table.dealId,
      firstRaisedAt: sql<Date>`min(${table.firstRaisedAt})`.as('first'),
    })
    .from(table)
    .where(
      and(
        eq(table.organisationId, scope.organisationId),
        filterConditions(
          dealIds ? scope.typeClauses : [...scope.dealClauses, ...scope.typeClauses],
          {
            pipeline_id: table.pipelineId,
            owner_id: table.ownerId,
            status: table.status,
            objection_type_id: table.objectionTypeId,
          },
        ),
        dealIds,
      ),
    )
    .groupBy(table.dealId)
    .as('per_deal')
  const [row] = await db
    .select({ deals: sql<number>`count(*)::int` })
    .from(perDeal)
    .where(and(...occurredConditions(scope.period, perDeal.firstRaisedAt)))
  return row?.deals ?? 0
}

/** The per-deal rollup, for the deals the deal list's filters select. */
async function countOutcomesOfDeals(
  db: Database,
  scope: ObjectionScope,
): Promise<{ rows: OutcomeCount[]; deals: number }> {
  const table = dealObjectionTypes
  const dealIds = inArray(
    table.dealId,
    db
      .select({ id: deals.id })
      .from(deals)
      .where(filteredDeals(scope.organisationId, scope.dealClauses)),
  )
  const where = and(
    eq(table.organisationId, scope.organisationId),
    filterConditions(scope.typeClauses, { objection_type_id: table.objectionTypeId }),
    dealIds,
    ...firstRaisedConditions(scope.period),
  )
  const [rows, total] = await Promise.all([
    db
      .select({
        objectionTypeId: table.objectionTypeId,
        lastHandled: table.lastHandled,
        status: table.status,
        progressed: table.progressed,
        deals: sql<number>`count(*)::int`,
      })
      .from(table)
      .where(where)
      .groupBy(table.objectionTypeId, table.lastHandled, table.status, table.progressed),
    countDistinctDeals(db, scope, dealIds),
  ])
  return { rows, deals: total }
}

/** The organisation's types by id (deleted ones too: their objections still count). */
export async function listTypeNames(
  db: Database,
  organisationId: string,
  typeIds: readonly string[],
): Promise<{ id: string; name: string; active: boolean }[]> {
  if (typeIds.length === 0) return []
  return db
    .select({
      id: objectionTypes.id,
      name: objectionTypes.name,
      active: sql<boolean>`not ${objectionTypes.deleted}`,
    })
    .from(objectionTypes)
    .where(
      and(eq(objectionTypes.organisationId, organisationId), anyOf(objectionTypes.id, typeIds)),
    )
}

/** The organisation's users by id, with their display name. */
export async function listUserNames(
  db: Database,
  organisationId: string,
  userIds: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (userIds.length === 0) return []
  return db
    .select({
      id: users.id,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), anyOf(users.id, userIds)))
}

export type AnalysisOrder = 'created' | 'handling_score'

export interface AnalysisListQuery {
  order: AnalysisOrder
  descending: boolean
  page: PageRequest
}

export type AnalysisRow = Awaited<ReturnType<typeof selectAnalysisRows>>[number]

/** The deal's owner, joined a second time under its own name. */
const owners = alias(users, 'owners')

function selectAnalysisRows(db: Database, scope: ObjectionScope, query: AnalysisListQuery) {
  const column = query.order === 'created' ? objections.occurredAt : objections.handlingScore
  const direction = query.descending ? desc : asc
  // The latest correction of each objection (a new one replaces the last).
  const feedback = sql`(select json_build_object('id', f.id, 'verdict', f.verdict,
      'original_type_id', f.original_type_id)
    from ${objectionFeedback} f where f.objection_id = ${objections.id}
    order by f.created_at desc, f.id desc limit 1)`
  return db
    .select({
      id: objections.id,
      objectionTypeId: objections.objectionTypeId,
      typeName: objectionTypes.name,
      text: objections.text,
      speaker: objections.speaker,
      response: objections.response,
      handled: objections.handled,
      handlingScore: objections.handlingScore,
      occurredAt: objections.occurredAt,
      utteranceIndex: objections.utteranceIndex,
      dealId: deals.id,
      dealName: deals.name,
      dealStatus: deals.status,
      stageId: deals.stageId,
      ownerId: deals.ownerId,
      ownerName: sql<string | null>`trim(${owners.firstName} || ' ' || ${owners.lastName})`,
      engagementId: engagements.id,
      engagementType: engagements.type,
      engagementName: engagements.name,
      engagementOccurredAt: engagements.occurredAt,
      feedback: sql<{
        id: string
        verdict: 'not_objection' | 'other_type'
        original_type_id: string | null
      } | null>`${feedback}`,
    })
    .from(objections)
    .innerJoin(deals, eq(deals.id, objections.dealId))
    .innerJoin(objectionTypes, eq(objectionTypes.id, objections.objectionTypeId))
    .innerJoin(engagements, eq(engagements.id, objections.engagementId))
    .leftJoin(owners, eq(owners.id, deals.ownerId))
    .where(objectionConditions(scope))
    .orderBy(direction(column), direction(objections.id))
    .limit(query.page.pageSize)
    .offset(pageWindow(query.page).offset)
}

/** How many objections the list holds: summed from a rollup where one answers. */
async function countAnalysisRows(db: Database, scope: ObjectionScope): Promise<number> {
  if (answeredByDays(scope)) {
    const rollup = typeRollupOf(scope)
    const counted =
      scope.handled === undefined
        ? rollup.raised
        : scope.handled
          ? rollup.handled
          : sql`${rollup.raised} - ${rollup.handled}`
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${counted}), 0)::int` })
      .from(rollup)
      .where(and(segmentConditions(rollup, scope), ...dayConditions(scope)))
    return row?.total ?? 0
  }
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(objections)
    .innerJoin(deals, eq(deals.id, objections.dealId))
    .where(objectionConditions(scope))
  return row?.total ?? 0
}

/** A page of the objections the scope selects, in the asked order, ties broken by id. */
export async function listAnalysisRows(
  db: Database,
  scope: ObjectionScope,
  query: AnalysisListQuery,
): Promise<PageOf<AnalysisRow>> {
  const [rows, total] = await Promise.all([
    selectAnalysisRows(db, scope, query),
    countAnalysisRows(db, scope),
  ])
  return { rows, total }
}
