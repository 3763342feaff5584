import {
  and,
  type Column,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import {
  actionResults,
  analysisBackfills,
  analysisRuns,
  dealAssessments,
  objections,
} from '../../db/schema/analysis.js'
import { engagements } from '../../db/schema/engagements.js'
import { anyOf } from '../../db/uuid-any.js'
import { lockOrganisationScope } from '../../lib/organisation-lock.js'
import { keepCreditOfUnchangedStatuses } from './action-credit.js'
import { withObjectionIds } from './objection-identity.js'

export type AnalysisRun = typeof analysisRuns.$inferSelect
export type AnalysisTrigger = AnalysisRun['trigger']
export type AnalysisBackfill = typeof analysisBackfills.$inferSelect
export type NewActionResult = typeof actionResults.$inferInsert
export type NewObjection = typeof objections.$inferInsert
export type NewDealAssessment = typeof dealAssessments.$inferInsert

/** The deal's run that has not started yet, locked so two requests cannot both reuse or add one. */
export async function findQueuedRun(
  db: Database,
  organisationId: string,
  dealId: string,
): Promise<AnalysisRun | undefined> {
  const [row] = await db
    .select()
    .from(analysisRuns)
    .where(
      and(
        eq(analysisRuns.organisationId, organisationId),
        eq(analysisRuns.dealId, dealId),
        eq(analysisRuns.status, 'queued'),
      ),
    )
    .orderBy(desc(analysisRuns.queuedAt))
    .limit(1)
    .for('update')
  return row
}

export async function insertRun(
  db: Database,
  run: { organisationId: string; dealId: string; trigger: AnalysisTrigger; backfillId?: string },
): Promise<AnalysisRun> {
  const [row] = await db.insert(analysisRuns).values(run).returning()
  if (!row) throw new Error('insert into analysis_runs returned no row')
  return row
}

/** A reused queued run joins the newest backfill that asked for it, so its progress counts it. */
export async function attachRunToBackfill(db: Database, runId: string, backfillId: string) {
  await db.update(analysisRuns).set({ backfillId }).where(eq(analysisRuns.id, runId))
}

export async function latestRun(
  db: Database,
  organisationId: string,
  dealId: string,
): Promise<AnalysisRun | undefined> {
  const [row] = await db
    .select()
    .from(analysisRuns)
    .where(and(eq(analysisRuns.organisationId, organisationId), eq(analysisRuns.dealId, dealId)))
    .orderBy(desc(analysisRuns.queuedAt), desc(analysisRuns.startedAt))
    .limit(1)
  return row
}

export async function getRun(db: Database, runId: string): Promise<AnalysisRun | undefined> {
  const [row] = await db.select().from(analysisRuns).where(eq(analysisRuns.id, runId))
  return row
}

export async function markRunRunning(db: Database, runId: string): Promise<void> {
  await db
    .update(analysisRuns)
    .set({
      status: 'running',
      startedAt: sql`now()`,
      attempts: sql`${analysisRuns.attempts} + 1`,
      error: null,
    })
    .where(eq(analysisRuns.id, runId))
}

export async function markRunDone(
  db: Database,
  runId: string,
  done: { provider: string; engineVersion: string; durationMs: number },
): Promise<void> {
  await db
    .update(analysisRuns)
    .set({ status: 'done', finishedAt: sql`now()`, error: null, ...done })
    .where(eq(analysisRuns.id, runId))
}

/** A failed attempt: `failed` for good after the last one, else `queued` for pg-boss's retry. */
export async function markRunAttemptFailed(
  db: Database,
  runId: string,
  error: string,
  final: boolean,
): Promise<void> {
  await db
    .update(analysisRuns)
    .set({ status: final ? 'failed' : 'queued', error, finishedAt: final ? sql`now()` : null })
    .where(eq(analysisRuns.id, runId))
}

/** Deals of the organisation that were ever analysed, i.e. that received evidence. */
export async function analysedDealIds(db: Database, organisationId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ dealId: analysisRuns.dealId })
    .from(analysisRuns)
    .where(eq(analysisRuns.organisationId, organisationId))
  return rows.map((row) => row.dealId)
}

export async function insertBackfill(
  db: Database,
  backfill: { organisationId: string; reason: string; pipelineId?: string; total: number },
): Promise<AnalysisBackfill> {
  const [row] = await db.insert(analysisBackfills).values(backfill).returning()
  if (!row) throw new Error('insert into analysis_backfills returned no row')
  return row
}

/**
 * Counts the organisation's current wave of runs by status and trigger: those still queued or
 * running, and those that finished since the oldest of them was queued. Counting by queued_at
 * instead would drop each finished run from the wave, as runs finish oldest first. No rows when
 * nothing is pending.
 */
export async function pendingWaveCounts(db: Database, organisationId: string) {
  const pendingStatuses = inArray(analysisRuns.status, ['queued', 'running'])
  const oldestPending = db
    .select({ queuedAt: sql`min(${analysisRuns.queuedAt})` })
    .from(analysisRuns)
    .where(and(eq(analysisRuns.organisationId, organisationId), pendingStatuses))
  // A queued run that a backfill reused keeps its own trigger but counts as the backfill's.
  const ofBackfill = sql<boolean>`${analysisRuns.backfillId} is not null`
  return db
    .select({
      status: analysisRuns.status,
      trigger: analysisRuns.trigger,
      ofBackfill,
      n: count(),
    })
    .from(analysisRuns)
    .where(
      and(
        eq(analysisRuns.organisationId, organisationId),
        or(pendingStatuses, sql`${analysisRuns.finishedAt} >= (${oldestPending})`),
      ),
    )
    .groupBy(analysisRuns.status, analysisRuns.trigger, ofBackfill)
}

/** Replaces the deal's results with one analysis' output; the caller's transaction makes it atomic. */
export async function replaceDealResults(
  db: Database,
  organisationId: string,
  dealId: string,
  results: {
    actionResults: NewActionResult[]
    objections: NewObjection[]
    assessment: NewDealAssessment
  },
): Promise<void> {
  const ofDeal = <T extends typeof actionResults | typeof objections | typeof dealAssessments>(
    table: T,
  ) => and(eq(table.organisationId, organisationId), eq(table.dealId, dealId))
  // One replacement of a deal's results at a time. Two runs of one deal can overlap when pg-boss
  // retries a job whose worker only looked dead (ADR 0020); without the lock the later delete
  // would not see the earlier run's uncommitted rows, and both sets would stay.
  await lockOrganisationScope(db, `deal-analysis:${dealId}`, organisationId)
  const previous = await db
    .select({
      actionId: actionResults.actionId,
      status: actionResults.status,
      engagementId: actionResults.engagementId,
    })
    .from(actionResults)
    .where(ofDeal(actionResults))
  const credited = keepCreditOfUnchangedStatuses(previous, results.actionResults)
  await db.delete(actionResults).where(ofDeal(actionResults))
  if (credited.length > 0) await db.insert(actionResults).values(credited)
  await replaceDealObjections(db, ofDeal(objections), results.objections)
  // DESIGN §4 keeps the assessments' history (the latest is current). A row is added only when
  // the assessment changed, so re-running an analysis on the same evidence adds nothing.
  const [latest] = await db
    .select()
    .from(dealAssessments)
    .where(ofDeal(dealAssessments))
    .orderBy(desc(dealAssessments.computedAt))
    .limit(1)
  if (!latest || !sameAssessment(latest, results.assessment)) {
    await db.insert(dealAssessments).values(results.assessment)
  }
}

/** What an analysis says about an objection it found again, as opposed to where it is. */
const OBJECTION_FINDINGS = {
  objectionTypeId: objections.objectionTypeId,
  text: objections.text,
  speaker: objections.speaker,
  handled: objections.handled,
  handlingScore: objections.handlingScore,
  response: objections.response,
  occurredAt: objections.occurredAt,
  rejected: objections.rejected,
}

/**
 * The deal's objections become the run's, each keeping its id while the analysis finds it in the
 * same place (ADR 0033): those no longer found are deleted, the others written over in place
 * (only when something changed, so a second run of the same analysis writes nothing) and new
 * ones added. A correction's `rejected` goes back to the engine's false; the objections module's
 * relink, in the same transaction, applies the corrections again.
 */
async function replaceDealObjections(
  db: Database,
  ofDeal: SQL | undefined,
  found: readonly NewObjection[],
): Promise<void> {
  const rows = withObjectionIds(found)
  const kept = anyOf(
    objections.id,
    rows.map((row) => row.id),
  )
  await db.delete(objections).where(and(ofDeal, sql`not (${kept})`))
  if (rows.length === 0) return
  const columns = Object.values(OBJECTION_FINDINGS)
  const excluded = (column: Column) => sql`excluded.${sql.identifier(column.name)}`
  await db
    .insert(objections)
    .values(rows)
    .onConflictDoUpdate({
      target: objections.id,
      set: Object.fromEntries(
        Object.entries(OBJECTION_FINDINGS).map(([key, column]) => [key, excluded(column)]),
      ),
      setWhere: sql`(${sql.join(columns, sql`, `)}) is distinct from (${sql.join(
        columns.map(excluded),
        sql`, `,
      )})`,
    })
}

function sameAssessment(latest: typeof dealAssessments.$inferSelect, next: NewDealAssessment) {
  const content = (row: NewDealAssessment) =>
    canonicalJson([
      row.solutionFitTier ?? null,
      row.solutionFitScoring ?? [],
      row.confidence ?? null,
      row.confidenceFactors ?? [],
      row.riskWarnings ?? [],
    ])
  return content(latest) === content(next)
}

/** JSON with object keys sorted: jsonb gives stored objects back in its own key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  )
}

export async function dealResults(db: Database, organisationId: string, dealId: string) {
  const where = <T extends typeof actionResults | typeof objections | typeof dealAssessments>(
    table: T,
  ) => and(eq(table.organisationId, organisationId), eq(table.dealId, dealId))
  const [actions, found, [assessment]] = await Promise.all([
    db.select().from(actionResults).where(where(actionResults)).orderBy(actionResults.createdAt),
    // Objections a user rejected (issue 14) are not shown on the deal.
    db
      .select()
      .from(objections)
      .where(and(where(objections), eq(objections.rejected, false)))
      .orderBy(objections.occurredAt),
    db
      .select()
      .from(dealAssessments)
      .where(where(dealAssessments))
      .orderBy(desc(dealAssessments.computedAt))
      .limit(1),
  ])
  return { actionResults: actions, objections: found, assessment }
}

/** The current (latest) assessment of each of the organisation's deals among `dealIds`. */
export function latestAssessments(
  db: Database,
  organisationId: string,
  dealIds: readonly string[],
) {
  return db
    .selectDistinctOn([dealAssessments.dealId])
    .from(dealAssessments)
    .where(
      and(
        eq(dealAssessments.organisationId, organisationId),
        inArray(dealAssessments.dealId, [...dealIds]),
      ),
    )
    .orderBy(dealAssessments.dealId, desc(dealAssessments.computedAt))
}

/** What the calendar re-reads of a deal's current assessment (calendar-reanalysis.service.ts). */
export interface StoredConfidence {
  dealId: string
  confidence: number | null
  confidenceFactors: unknown[]
  riskWarnings: unknown[]
}

/**
 * The current assessments of the organisation's deals after `afterDealId` (all from the start
 * when null), in deal id order, at most `limit`: a page through every assessed deal.
 */
export function currentConfidencePage(
  db: Database,
  organisationId: string,
  afterDealId: string | null,
  limit: number,
): Promise<StoredConfidence[]> {
  return db
    .selectDistinctOn([dealAssessments.dealId], {
      dealId: dealAssessments.dealId,
      confidence: dealAssessments.confidence,
      confidenceFactors: dealAssessments.confidenceFactors,
      riskWarnings: dealAssessments.riskWarnings,
    })
    .from(dealAssessments)
    .where(
      and(
        eq(dealAssessments.organisationId, organisationId),
        afterDealId === null ? undefined : gt(dealAssessments.dealId, afterDealId),
      ),
    )
    .orderBy(dealAssessments.dealId, desc(dealAssessments.computedAt))
    .limit(limit)
}

/** The columns of an action result that say what the analysis found, with its engagement. */
const ENGAGEMENT_RESULT_COLUMNS = {
  engagementId: actionResults.engagementId,
  actionId: actionResults.actionId,
  status: actionResults.status,
  summary: actionResults.summary,
  summaryCode: actionResults.summaryCode,
  summaryParams: actionResults.summaryParams,
  statusDescription: actionResults.statusDescription,
  statusDescriptionCode: actionResults.statusDescriptionCode,
  statusDescriptionParams: actionResults.statusDescriptionParams,
  results: actionResults.results,
}

/**
 * The action results the analysis attributed to the engagements, oldest first. The ids go as one
 * array parameter: a pipeline's activity window can hold more engagements than bind slots.
 */
export async function actionResultsOfEngagements(
  db: Database,
  organisationId: string,
  engagementIds: readonly string[],
) {
  if (engagementIds.length === 0) return []
  return db
    .select(ENGAGEMENT_RESULT_COLUMNS)
    .from(actionResults)
    .where(
      and(
        eq(actionResults.organisationId, organisationId),
        anyOf(actionResults.engagementId, engagementIds),
      ),
    )
    .orderBy(actionResults.createdAt, actionResults.id)
}

/**
 * The same for the deals' engagements that took place in [from, to): asked beside the
 * engagements themselves rather than after them, by deal (indexed) and the engagement's time,
 * so that recent activity's page waits for one round trip fewer.
 */
export async function actionResultsInWindow(
  db: Database,
  organisationId: string,
  dealIds: readonly string[],
  window: { from: Date; to: Date },
) {
  if (dealIds.length === 0) return []
  return db
    .select(ENGAGEMENT_RESULT_COLUMNS)
    .from(actionResults)
    .innerJoin(engagements, eq(engagements.id, actionResults.engagementId))
    .where(
      and(
        eq(actionResults.organisationId, organisationId),
        anyOf(actionResults.dealId, dealIds),
        gte(engagements.occurredAt, window.from),
        lt(engagements.occurredAt, window.to),
      ),
    )
    .orderBy(actionResults.createdAt, actionResults.id)
}
