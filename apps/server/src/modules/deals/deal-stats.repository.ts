import type { ActionProgress } from '@dealcoach/contracts/deal-stats'
import type { FilterClause } from '@dealcoach/contracts/list-query'
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { actionResults, dealAssessments } from '../../db/schema/analysis.js'
import { deals } from '../../db/schema/deals.js'
import { actions, stages } from '../../db/schema/pipelines.js'
import { anyOf, clauseCondition } from './deal-list.repository.js'

/** The organisation's deals matching every clause of the deal list's filters. */
export function filteredDeals(organisationId: string, clauses: readonly FilterClause[]): SQL {
  return and(eq(deals.organisationId, organisationId), ...clauses.map(clauseCondition)) ?? sql`true`
}

/** Spec §4's reading of the analysis's status text; evaluated in SQL so it can be grouped on. */
export function progressOf(status: SQL | typeof actionResults.status): SQL<ActionProgress> {
  return sql<ActionProgress>`case
    when ${status} ~* '(complete|done|success)' then 'completed'
    when ${status} ~* '(pending|wait|new)' then 'pending'
    else 'ongoing' end`
}

/** The ids of the matching deals, as a subquery. */
function dealIdsOf(db: Database, where: SQL) {
  return db.select({ id: deals.id }).from(deals).where(where)
}

/** How many matching deals' latest result for each action reads completed, pending or ongoing. */
export async function countActionProgress(
  db: Database,
  organisationId: string,
  where: SQL,
): Promise<ActionProgressCount[]> {
  // A deal's latest result for an action is the analysis's current word on it; earlier ones are
  // history.
  const latest = db
    .selectDistinctOn([actionResults.dealId, actionResults.actionId], {
      actionId: actionResults.actionId,
      status: actionResults.status,
    })
    .from(actionResults)
    .where(
      and(
        eq(actionResults.organisationId, organisationId),
        inArray(actionResults.dealId, dealIdsOf(db, where)),
      ),
    )
    .orderBy(
      actionResults.dealId,
      actionResults.actionId,
      desc(actionResults.createdAt),
      desc(actionResults.id),
    )
    .as('latest')
  return db
    .select({
      actionId: latest.actionId,
      progress: progressOf(sql`${latest.status}`),
      total: sql<number>`count(*)::int`,
    })
    .from(latest)
    .groupBy(sql`1`, sql`2`)
}

export interface ActionProgressCount {
  actionId: string
  progress: ActionProgress
  total: number
}

/** How many matching deals each pipeline holds: an action is not done by its pipeline's deals. */
export async function countDealsByPipeline(
  db: Database,
  where: SQL,
): Promise<{ pipelineId: string; total: number }[]> {
  return db
    .select({ pipelineId: deals.pipelineId, total: sql<number>`count(*)::int` })
    .from(deals)
    .where(where)
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
  const latestStatus = sql`(select r.status from ${actionResults} r
    where r.deal_id = ${deals.id} and r.action_id = ${cell.actionId}
      and r.organisation_id = ${organisationId}
    order by r.created_at desc, r.id desc limit 1)`
  const inCell =
    cell.progress === 'not_done'
      ? sql`${latestStatus} is null`
      : sql`${progressOf(latestStatus)} = ${cell.progress}`
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

/** The window action results are counted in: [from, to) in UTC, either side open. */
export interface ResultWindow {
  from?: Date
  to?: Date
}

function resultsInWindow(
  db: Database,
  organisationId: string,
  where: SQL,
  window: ResultWindow,
): SQL | undefined {
  return and(
    eq(actionResults.organisationId, organisationId),
    inArray(actionResults.dealId, dealIdsOf(db, where)),
    window.from ? gte(actionResults.createdAt, window.from) : undefined,
    window.to ? lt(actionResults.createdAt, window.to) : undefined,
  )
}

/** Action results of the matching deals found in the window, per bucket and progress. */
export async function countResultsOverTime(
  db: Database,
  organisationId: string,
  where: SQL,
  window: ResultWindow,
  bucket: 'day' | 'month',
): Promise<{ date: string; progress: ActionProgress; total: number }[]> {
  // The bucket is inlined: grouped by, PostgreSQL must see the same text as in the select list.
  const date = sql<string>`to_char(date_trunc('${sql.raw(bucket)}', ${actionResults.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`
  return db
    .select({ date, progress: progressOf(actionResults.status), total: sql<number>`count(*)::int` })
    .from(actionResults)
    .where(resultsInWindow(db, organisationId, where, window))
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1`)
}

/** Per action, the matching deals' results in the window and how many of them read completed. */
export async function countResultsByAction(
  db: Database,
  organisationId: string,
  where: SQL,
  window: ResultWindow,
  limit: number,
): Promise<{ actionId: string; name: string; completed: number; total: number }[]> {
  const completed = sql<number>`(count(*) filter (where ${progressOf(actionResults.status)} = 'completed'))::int`
  return db
    .select({
      actionId: actionResults.actionId,
      name: actions.name,
      completed,
      total: sql<number>`count(*)::int`,
    })
    .from(actionResults)
    .innerJoin(actions, eq(actions.id, actionResults.actionId))
    .where(resultsInWindow(db, organisationId, where, window))
    .groupBy(actionResults.actionId, actions.name)
    .orderBy(sql`3 desc`, asc(actions.name))
    .limit(limit)
}

/** Confidence in bands of ten (90–100 is the last), null for deals not analysed yet. */
// `least` skips nulls, so a deal without confidence must be kept null explicitly.
const band = sql<
  number | null
>`case when ${deals.confidence} is not null then least(${deals.confidence} / 10, 9) end`

/** Matching deals per confidence band and status, with their summed confidence. */
export async function countByConfidenceBand(
  db: Database,
  where: SQL,
): Promise<{ band: number | null; status: 'open' | 'won' | 'lost'; total: number; sum: number }[]> {
  return db
    .select({
      band,
      status: deals.status,
      total: sql<number>`count(*)::int`,
      sum: sql<number>`coalesce(sum(${deals.confidence}), 0)::int`,
    })
    .from(deals)
    .where(where)
    .groupBy(band, deals.status)
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
