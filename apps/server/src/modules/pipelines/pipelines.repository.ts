import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { dealStageHistory, deals } from '../../db/schema/deals.js'
import { actions, pipelines, stages } from '../../db/schema/pipelines.js'
import { type PageOf, type PageRequest, pageWindow } from '../../lib/pagination.js'

export type PipelineRow = typeof pipelines.$inferSelect
export type StageRow = typeof stages.$inferSelect
export type ActionRow = typeof actions.$inferSelect

/** The pipeline `id`, provided it belongs to the organisation (another's is "not found"). */
const ownPipeline = (id: string, organisationId: string) =>
  and(eq(pipelines.id, id), eq(pipelines.organisationId, organisationId))

/** One organisation's pipelines, by name then id. */
export async function listOrganisationPipelines(
  db: Database,
  organisationId: string,
  page: PageRequest,
): Promise<PageOf<PipelineRow>> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(pipelines)
      .where(eq(pipelines.organisationId, organisationId))
      .orderBy(asc(pipelines.name), asc(pipelines.id))
      .limit(page.pageSize)
      .offset(pageWindow(page).offset),
    db
      .select({ total: count() })
      .from(pipelines)
      .where(eq(pipelines.organisationId, organisationId)),
  ])
  return { rows, total: totals?.total ?? 0 }
}

export async function findPipeline(
  db: Database,
  id: string,
  organisationId: string,
): Promise<PipelineRow | undefined> {
  const [row] = await db.select().from(pipelines).where(ownPipeline(id, organisationId))
  return row
}

/** The stages of several pipelines in one query, each pipeline's by position. */
export async function listStagesOfPipelines(
  db: Database,
  organisationId: string,
  pipelineIds: readonly string[],
): Promise<StageRow[]> {
  if (pipelineIds.length === 0) return []
  return db
    .select()
    .from(stages)
    .where(
      and(eq(stages.organisationId, organisationId), inArray(stages.pipelineId, [...pipelineIds])),
    )
    .orderBy(asc(stages.pipelineId), asc(stages.position), asc(stages.id))
}

/**
 * The actions of several pipelines in one query: each pipeline's by its stage's position, then
 * the action's position within the stage; actions without a stage come last.
 */
export async function listActionsOfPipelines(
  db: Database,
  organisationId: string,
  pipelineIds: readonly string[],
): Promise<ActionRow[]> {
  if (pipelineIds.length === 0) return []
  const rows = await db
    .select({ action: actions })
    .from(actions)
    .leftJoin(stages, eq(stages.id, actions.stageId))
    .where(
      and(
        eq(actions.organisationId, organisationId),
        inArray(actions.pipelineId, [...pipelineIds]),
      ),
    )
    .orderBy(
      asc(actions.pipelineId),
      sql`${stages.position} asc nulls last`,
      asc(actions.position),
      asc(actions.id),
    )
  return rows.map((row) => row.action)
}

export type NewStageRow = Omit<typeof stages.$inferInsert, 'id'>
export type NewActionRow = Omit<typeof actions.$inferInsert, 'id'>

export async function insertPipeline(
  db: Database,
  values: { organisationId: string; name: string; active: boolean },
): Promise<PipelineRow> {
  const [row] = await db.insert(pipelines).values(values).returning()
  if (!row) throw new Error('insert into pipelines returned no row')
  return row
}

/**
 * The pipeline, locked until the transaction ends so that writes to one pipeline take turns.
 * 'no key update' lets deals keep being added meanwhile; 'update' (before deleting) makes a deal
 * being added wait, so that it is counted or refused rather than deleted along with the pipeline.
 */
export async function lockPipeline(
  db: Database,
  id: string,
  organisationId: string,
  strength: 'update' | 'no key update' = 'no key update',
): Promise<PipelineRow | undefined> {
  const [row] = await db
    .select()
    .from(pipelines)
    .where(ownPipeline(id, organisationId))
    .for(strength)
  return row
}

/** Marks a write; the onboarding checklist reads updated_at to tell edited from seeded. */
export async function touchPipeline(
  db: Database,
  id: string,
  organisationId: string,
): Promise<PipelineRow | undefined> {
  const [row] = await db
    .update(pipelines)
    .set({ updatedAt: sql`now()` })
    .where(ownPipeline(id, organisationId))
    .returning()
  return row
}

export async function togglePipelineActive(
  db: Database,
  id: string,
  organisationId: string,
): Promise<PipelineRow | undefined> {
  const [row] = await db
    .update(pipelines)
    .set({ active: sql`not ${pipelines.active}`, updatedAt: sql`now()` })
    .where(ownPipeline(id, organisationId))
    .returning()
  return row
}

/** Deletes the pipeline; its stages and actions go with it (foreign keys cascade). */
export async function deletePipeline(db: Database, id: string, organisationId: string) {
  await db.delete(pipelines).where(ownPipeline(id, organisationId))
}

export async function countPipelineDeals(
  db: Database,
  id: string,
  organisationId: string,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(deals)
    .where(and(eq(deals.organisationId, organisationId), eq(deals.pipelineId, id)))
  return row?.total ?? 0
}

/**
 * The pipeline's stages by position, locked until the transaction ends: a deal being added to
 * one of them waits, so the deal counts taken afterwards stay true until the stages change.
 */
export async function lockStagesOfPipeline(
  db: Database,
  pipelineId: string,
  organisationId: string,
): Promise<StageRow[]> {
  return db
    .select()
    .from(stages)
    .where(and(eq(stages.organisationId, organisationId), eq(stages.pipelineId, pipelineId)))
    .orderBy(asc(stages.position), asc(stages.id))
    .for('update')
}

export async function insertStages(db: Database, rows: NewStageRow[]): Promise<StageRow[]> {
  if (rows.length === 0) return []
  return db.insert(stages).values(rows).returning()
}

export async function updateStage(
  db: Database,
  id: string,
  organisationId: string,
  changes: Partial<Pick<StageRow, 'name' | 'position' | 'remoteStageId'>>,
) {
  await db
    .update(stages)
    .set(changes)
    .where(and(eq(stages.id, id), eq(stages.organisationId, organisationId)))
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

/**
 * Merges one stage into another: its deals, and the stage history that mentions it, point to the
 * target instead, so removing the stage afterwards loses no deal and no history row.
 */
export async function mergeStageInto(
  db: Database,
  organisationId: string,
  fromStageId: string,
  toStageId: string,
) {
  await db
    .update(deals)
    .set({ stageId: toStageId, updatedAt: sql`now()` })
    .where(and(eq(deals.organisationId, organisationId), eq(deals.stageId, fromStageId)))
  await db
    .update(dealStageHistory)
    .set({ toStageId })
    .where(
      and(
        eq(dealStageHistory.organisationId, organisationId),
        eq(dealStageHistory.toStageId, fromStageId),
      ),
    )
  await db
    .update(dealStageHistory)
    .set({ fromStageId: toStageId })
    .where(
      and(
        eq(dealStageHistory.organisationId, organisationId),
        eq(dealStageHistory.fromStageId, fromStageId),
      ),
    )
}

/**
 * Deletes the stages with their actions (the actions' foreign key would only unlink them, and a
 * removed stage's playbook goes with it); the actions' results go too, by cascade.
 */
export async function deleteStagesWithActions(
  db: Database,
  organisationId: string,
  stageIds: readonly string[],
) {
  if (stageIds.length === 0) return
  await db
    .delete(actions)
    .where(and(eq(actions.organisationId, organisationId), inArray(actions.stageId, [...stageIds])))
  await db
    .delete(stages)
    .where(and(eq(stages.organisationId, organisationId), inArray(stages.id, [...stageIds])))
}

export async function insertActions(db: Database, rows: NewActionRow[]) {
  if (rows.length === 0) return
  await db.insert(actions).values(rows)
}

export async function updateAction(
  db: Database,
  id: string,
  organisationId: string,
  changes: Partial<Pick<ActionRow, 'stageId' | 'name' | 'description' | 'position'>>,
) {
  await db
    .update(actions)
    .set(changes)
    .where(and(eq(actions.id, id), eq(actions.organisationId, organisationId)))
}

/** Deletes the actions; their results go too, by cascade. */
export async function deleteActions(
  db: Database,
  organisationId: string,
  actionIds: readonly string[],
) {
  if (actionIds.length === 0) return
  await db
    .delete(actions)
    .where(and(eq(actions.organisationId, organisationId), inArray(actions.id, [...actionIds])))
}
