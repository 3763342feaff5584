import type { ActionProgress } from '@dealcoach/contracts/deal-stats'
import type { FilterClause } from '@dealcoach/contracts/list-query'
import { and, asc, eq, gt, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { dealAssessments } from '../../db/schema/analysis.js'
import { deals, pipelineDealCounts } from '../../db/schema/deals.js'
import { actions, stages } from '../../db/schema/pipelines.js'
import {
  actionProgressCloseDays,
  actionProgressCounts,
  dealActionProgress,
  dealActionResultDays,
  pipelineActionResultDays,
} from '../../db/schema/reports.js'
import { filterConditions, type FilterColumns } from '../../lib/filter-query.js'
import { anyOf } from '../../db/uuid-any.js'
import { filteredDeals, wholePipelineOf } from './deal-filter-sql.js'

export { filteredDeals }

/**
 * Which deals a stats call covers. Filters on the pipeline, stages, owner and statuses select
 * whole segments, which the segment counts answer; the pipeline with a period of close dates
 * (the dashboard's question) is answered by the counts per close date; a whole pipeline (or,
 * without one, the whole organisation) is also what the pipelines' rollups answer. Other
 * combinations (search, staleness, a period with an owner) select deals, read off the per-deal
 * rollups.
 */
export interface DealScope {
  organisationId: string
  clauses: readonly FilterClause[]
  /** The matching deals. */
  where: SQL
  /** Set when the only filter is the pipeline, or there is none. */
  wholePipeline?: { pipelineId?: string }
}

export function dealScope(organisationId: string, clauses: readonly FilterClause[]): DealScope {
  const scope = { organisationId, clauses, where: filteredDeals(organisationId, clauses) }
  if (clauses.length === 0) return { ...scope, wholePipeline: {} }
  const pipelineId = wholePipelineOf(clauses)
  return pipelineId === undefined ? scope : { ...scope, wholePipeline: { pipelineId } }
}

/** The deal list's filters as they apply to the segment counts' own columns. */
const SEGMENT_COLUMNS: FilterColumns = {
  pipeline_id: actionProgressCounts.pipelineId,
  stage_id: actionProgressCounts.stageId,
  owner_id: actionProgressCounts.ownerId,
  status: actionProgressCounts.status,
}
const selectsSegments = (clauses: readonly FilterClause[]) =>
  clauses.every((clause) => clause.field in SEGMENT_COLUMNS)

/** The dashboard's period of close dates, over a pipeline or the organisation. */
const CLOSE_DAY_COLUMNS: FilterColumns = {
  pipeline_id: actionProgressCloseDays.pipelineId,
  close_date: actionProgressCloseDays.closeDate,
}
const selectsCloseDays = (clauses: readonly FilterClause[]) =>
  clauses.every((clause) => clause.field in CLOSE_DAY_COLUMNS)

/** The ids of the matching deals, as a subquery. */
function dealIdsOf(db: Database, where: SQL) {
  return db.select({ id: deals.id }).from(deals).where(where)
}

/** How many matching deals' latest result for each action reads completed, pending or ongoing. */
export async function countActionProgress(
  db: Database,
  scope: DealScope,
): Promise<ActionProgressCount[]> {
  if (selectsSegments(scope.clauses)) {
    const total = sql<number>`sum(${actionProgressCounts.deals})::int`
    return db
      .select({
        actionId: actionProgressCounts.actionId,
        progress: actionProgressCounts.progress,
        total,
      })
      .from(actionProgressCounts)
      .where(
        and(
          eq(actionProgressCounts.organisationId, scope.organisationId),
          filterConditions(scope.clauses, SEGMENT_COLUMNS),
        ),
      )
      .groupBy(actionProgressCounts.actionId, actionProgressCounts.progress)
      .having(sql`sum(${actionProgressCounts.deals}) > 0`)
  }
  if (selectsCloseDays(scope.clauses)) {
    const total = sql<number>`sum(${actionProgressCloseDays.deals})::int`
    return db
      .select({
        actionId: actionProgressCloseDays.actionId,
        progress: actionProgressCloseDays.progress,
        total,
      })
      .from(actionProgressCloseDays)
      .where(
        and(
          eq(actionProgressCloseDays.organisationId, scope.organisationId),
          filterConditions(scope.clauses, CLOSE_DAY_COLUMNS),
        ),
      )
      .groupBy(actionProgressCloseDays.actionId, actionProgressCloseDays.progress)
      .having(sql`sum(${actionProgressCloseDays.deals}) > 0`)
  }
  // The deal ids come from the organisation's deals, so the rollup needs no organisation filter
  // of its own, and its primary key answers each deal.
  return db
    .select({
      actionId: dealActionProgress.actionId,
      progress: dealActionProgress.progress,
      total: sql<number>`count(*)::int`,
    })
    .from(dealActionProgress)
    .where(inArray(dealActionProgress.dealId, dealIdsOf(db, scope.where)))
    .groupBy(dealActionProgress.actionId, dealActionProgress.progress)
}

export interface ActionProgressCount {
  actionId: string
  progress: ActionProgress
  total: number
}

/** How many matching deals each pipeline holds: an action is not done by its pipeline's deals. */
export async function countDealsByPipeline(
  db: Database,
  scope: DealScope,
): Promise<{ pipelineId: string; total: number }[]> {
  const whole = scope.wholePipeline
  if (whole) {
    // The counts the deals triggers keep (ADR 0009); a pipeline without deals has no actions due.
    return db
      .select({ pipelineId: pipelineDealCounts.pipelineId, total: pipelineDealCounts.dealCount })
      .from(pipelineDealCounts)
      .where(
        and(
          eq(pipelineDealCounts.organisationId, scope.organisationId),
          whole.pipelineId === undefined
            ? undefined
            : eq(pipelineDealCounts.pipelineId, whole.pipelineId),
          gt(pipelineDealCounts.dealCount, 0),
        ),
      )
  }
  return db
    .select({ pipelineId: deals.pipelineId, total: sql<number>`count(*)::int` })
    .from(deals)
    .where(scope.where)
    .groupBy(deals.pipelineId)
}

export interface PlaybookAction {
  actionId: string
  pipelineId: string
  name: string
  stageId: string | null
  stageName: string | null
}

/** The actions of the given pipelines in playbook order: by stage, then by position. */
export async function listPlaybookActions(
  db: Database,
  organisationId: string,
  pipelineIds: readonly string[],
): Promise<PlaybookAction[]> {
  if (pipelineIds.length === 0) return []
  return db
    .select({
      actionId: actions.id,
      pipelineId: actions.pipelineId,
      name: actions.name,
      stageId: actions.stageId,
      stageName: stages.name,
    })
    .from(actions)
    .leftJoin(stages, eq(stages.id, actions.stageId))
    .where(and(eq(actions.organisationId, organisationId), anyOf(actions.pipelineId, pipelineIds)))
    .orderBy(
      asc(actions.pipelineId),
      sql`${stages.position} asc nulls last`,
      asc(actions.position),
      asc(actions.id),
    )
}

/** The matching deals of one adherence cell, by name, with how many there are in all. */
export async function listCellDeals(
  db: Database,
  organisationId: string,
  where: SQL,
  cell: { actionId: string; progress: ActionProgress; limit: number },
): Promise<{ total: number; dealIds: string[] }> {
  const progressRow = (progress?: SQL) => sql`(select 1 from ${dealActionProgress} p
    where p.deal_id = ${deals.id} and p.action_id = ${cell.actionId}${progress ?? sql``})`
  const inCell =
    cell.progress === 'not_done'
      ? sql`not exists ${progressRow()}`
      : sql`exists ${progressRow(sql` and p.progress = ${cell.progress}`)}`
  const ofActionPipeline = sql`${deals.pipelineId} = (select a.pipeline_id from ${actions} a
    where a.id = ${cell.actionId} and a.organisation_id = ${organisationId})`
  const rows = await db
    .select({ id: deals.id, total: sql<number>`count(*) over ()::int` })
    .from(deals)
    .where(and(where, ofActionPipeline, inCell))
    .orderBy(asc(deals.name), asc(deals.id))
    .limit(cell.limit)
  return { total: rows[0]?.total ?? 0, dealIds: rows.map((row) => row.id) }
}

/** The UTC days action results are counted in: [from, to), as yyyy-MM-dd, either side open. */
export interface ResultWindow {
  from?: string
  to?: string
}

/** The rollup of results per day that answers the scope, narrowed to the window. */
function resultDays(db: Database, scope: DealScope, window: ResultWindow) {
  const whole = scope.wholePipeline
  const table = whole ? pipelineActionResultDays : dealActionResultDays
  return {
    table,
    where: and(
      whole
        ? and(
            eq(pipelineActionResultDays.organisationId, scope.organisationId),
            whole.pipelineId === undefined
              ? undefined
              : eq(pipelineActionResultDays.pipelineId, whole.pipelineId),
          )
        : inArray(dealActionResultDays.dealId, dealIdsOf(db, scope.where)),
      window.from ? gte(table.day, window.from) : undefined,
      window.to ? lt(table.day, window.to) : undefined,
    ),
  }
}

/** Action results of the matching deals found in the window, per bucket and progress. */
export async function countResultsOverTime(
  db: Database,
  scope: DealScope,
  window: ResultWindow,
  bucket: 'day' | 'month',
): Promise<{ date: string; progress: ActionProgress; total: number }[]> {
  const { table, where } = resultDays(db, scope, window)
  // The bucket is inlined: grouped by, PostgreSQL must see the same text as in the select list.
  const date = sql<string>`to_char(date_trunc('${sql.raw(bucket)}', ${table.day}::timestamp), 'YYYY-MM-DD')`
  return db
    .select({ date, progress: table.progress, total: sql<number>`sum(${table.results})::int` })
    .from(table)
    .where(where)
    .groupBy(sql`1`, sql`2`)
    .having(sql`sum(${table.results}) > 0`)
    .orderBy(sql`1`)
}

/** Per action, the matching deals' results in the window and how many of them read completed. */
export async function countResultsByAction(
  db: Database,
  scope: DealScope,
  window: ResultWindow,
  limit: number,
): Promise<{ actionId: string; name: string; completed: number; total: number }[]> {
  const { table, where } = resultDays(db, scope, window)
  const completed = sql<number>`(coalesce(sum(${table.results}) filter (where ${table.progress} = 'completed'), 0))::int`
  return db
    .select({
      actionId: table.actionId,
      name: actions.name,
      completed,
      total: sql<number>`sum(${table.results})::int`,
    })
    .from(table)
    .innerJoin(actions, eq(actions.id, table.actionId))
    .where(where)
    .groupBy(table.actionId, actions.name)
    .having(sql`sum(${table.results}) > 0`)
    .orderBy(sql`3 desc`, asc(actions.name))
    .limit(limit)
}

/** The band of ten a confidence falls in (90–100 is the last), null for deals not analysed. */
const bandOf = (confidence: number | null) =>
  confidence === null ? null : Math.min(Math.floor(confidence / 10), 9)

/**
 * Matching deals per confidence band and status, with their summed confidence. Grouped by the
 * confidence itself, which `deals_close_confidence_idx` holds with the status, so PostgreSQL
 * aggregates from the index alone over a pipeline or a period; at most 303 groups are folded
 * into bands here.
 */
export async function countByConfidenceBand(
  db: Database,
  where: SQL,
): Promise<{ band: number | null; status: 'open' | 'won' | 'lost'; total: number; sum: number }[]> {
  const rows = await db
    .select({
      status: deals.status,
      confidence: deals.confidence,
      total: sql<number>`count(*)::int`,
    })
    .from(deals)
    .where(where)
    .groupBy(deals.status, deals.confidence)
  return rows.map(({ status, confidence, total }) => ({
    band: bandOf(confidence),
    status,
    total,
    sum: (confidence ?? 0) * total,
  }))
}

/** The open matching deals with the lowest confidence, lowest first. */
export async function listLeastConfident(db: Database, where: SQL, limit: number) {
  return db
    .select({
      id: deals.id,
      name: deals.name,
      stageId: deals.stageId,
      amount: deals.amount,
      closeDate: deals.closeDate,
      confidence: sql<number>`${deals.confidence}`,
    })
    .from(deals)
    .where(and(where, eq(deals.status, 'open'), sql`${deals.confidence} is not null`))
    .orderBy(
      sql`${deals.confidence} asc nulls last`,
      sql`${deals.createdAt} desc`,
      sql`${deals.id} desc`,
    )
    .limit(limit)
}

/** The confidence factors of each deal's current (latest) assessment. */
export async function listCurrentFactors(
  db: Database,
  organisationId: string,
  dealIds: readonly string[],
): Promise<{ dealId: string; factors: unknown[] }[]> {
  if (dealIds.length === 0) return []
  return db
    .selectDistinctOn([dealAssessments.dealId], {
      dealId: dealAssessments.dealId,
      factors: dealAssessments.confidenceFactors,
    })
    .from(dealAssessments)
    .where(
      and(
        eq(dealAssessments.organisationId, organisationId),
        anyOf(dealAssessments.dealId, dealIds),
      ),
    )
    .orderBy(dealAssessments.dealId, sql`${dealAssessments.computedAt} desc`)
}
