import {
  and,
  asc,
  count,
  eq,
  exists,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  ne,
  or,
  sql,
} from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { organisationCreatedAt } from '../../db/organisation-created-at.js'
import { literalLimit, preparedStatement } from '../../db/prepared-statements.js'
import { actions, pipelines, stages } from '../../db/schema/pipelines.js'
import { anyOfPlaceholder } from '../../db/uuid-any.js'
import { type PageOf, type PageRequest, pageWindow } from '../../lib/pagination.js'
import { lockOrganisationScope } from '../../lib/organisation-lock.js'

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
  const { limit, offset } = pageWindow(page)
  const prepared = offset === 0 && limit === PREPARED_PAGE_SIZE
  const [rows, [totals]] = await Promise.all([
    prepared
      ? preparedStatement(db, `pipelines_first_page_${limit}`, (name) =>
          db
            .select()
            .from(pipelines)
            .where(eq(pipelines.organisationId, sql.placeholder('organisationId')))
            .orderBy(asc(pipelines.name), asc(pipelines.id))
            .limit(literalLimit(limit))
            .prepare(name),
        ).execute({ organisationId })
      : db
          .select()
          .from(pipelines)
          .where(eq(pipelines.organisationId, organisationId))
          .orderBy(asc(pipelines.name), asc(pipelines.id))
          .limit(limit)
          .offset(offset),
    preparedStatement(db, 'pipelines_total', (name) =>
      db
        .select({ total: count() })
        .from(pipelines)
        .where(eq(pipelines.organisationId, sql.placeholder('organisationId')))
        .prepare(name),
    ).execute({ organisationId }),
  ])
  return { rows, total: totals?.total ?? 0 }
}

/** The pipeline list's page size (spec §7: one page of 100), read as a prepared statement. */
const PREPARED_PAGE_SIZE = 100

export async function findPipeline(
  db: Database,
  id: string,
  organisationId: string,
): Promise<PipelineRow | undefined> {
  const [row] = await db.select().from(pipelines).where(ownPipeline(id, organisationId))
  return row
}

/**
 * Whether the pipeline is the organisation's, for reads that need nothing else of it (a prepared
 * statement: the stage histories of a board page ask it with every request).
 */
export async function pipelineExists(
  db: Database,
  id: string,
  organisationId: string,
): Promise<boolean> {
  const statement = preparedStatement(db, 'pipeline_exists', (name) =>
    db
      .select({ id: pipelines.id })
      .from(pipelines)
      .where(
        and(
          eq(pipelines.id, sql.placeholder('id')),
          eq(pipelines.organisationId, sql.placeholder('organisationId')),
        ),
      )
      .prepare(name),
  )
  return (await statement.execute({ id, organisationId })).length > 0
}

/**
 * The stages of several pipelines in one query, each pipeline's by position. A prepared statement
 * (the ids as one uuid[]): every read of a pipeline asks it.
 */
export async function listStagesOfPipelines(
  db: Database,
  organisationId: string,
  pipelineIds: readonly string[],
): Promise<StageRow[]> {
  if (pipelineIds.length === 0) return []
  const statement = preparedStatement(db, 'stages_of_pipelines', (name) =>
    db
      .select()
      .from(stages)
      .where(
        and(
          eq(stages.organisationId, sql.placeholder('organisationId')),
          anyOfPlaceholder(stages.pipelineId, 'pipelineIds'),
        ),
      )
      .orderBy(asc(stages.pipelineId), asc(stages.position), asc(stages.id))
      .prepare(name),
  )
  return statement.execute({ organisationId, pipelineIds: [...pipelineIds] })
}

/** The organisation's stages among `ids`; other organisations' stages are left out. */
export async function findStagesByIds(
  db: Database,
  organisationId: string,
  ids: readonly string[],
): Promise<StageRow[]> {
  if (ids.length === 0) return []
  const statement = preparedStatement(db, 'stages_by_ids', (name) =>
    db
      .select()
      .from(stages)
      .where(
        and(
          eq(stages.organisationId, sql.placeholder('organisationId')),
          anyOfPlaceholder(stages.id, 'ids'),
        ),
      )
      .prepare(name),
  )
  return statement.execute({ organisationId, ids: [...ids] })
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
  const statement = preparedStatement(db, 'actions_of_pipelines', (name) =>
    db
      .select(getTableColumns(actions))
      .from(actions)
      .leftJoin(stages, eq(stages.id, actions.stageId))
      .where(
        and(
          eq(actions.organisationId, sql.placeholder('organisationId')),
          anyOfPlaceholder(actions.pipelineId, 'pipelineIds'),
        ),
      )
      .orderBy(
        asc(actions.pipelineId),
        sql`${stages.position} asc nulls last`,
        asc(actions.position),
        asc(actions.id),
      )
      .prepare(name),
  )
  return statement.execute({ organisationId, pipelineIds: [...pipelineIds] })
}

/**
 * Whether the organisation has an active pipeline with stages and actions that someone created or
 * changed: the seed writes its pipeline in the sign-up transaction, where now() is the
 * organisation's creation time, so the seeded one has exactly that time until it is edited.
 * This reads organisations.created_at in the same statement because a JS Date would drop the
 * microseconds the comparison depends on.
 */
export async function hasConfiguredPipeline(
  db: Database,
  organisationId: string,
): Promise<boolean> {
  const createdAt = organisationCreatedAt(db, organisationId)
  const rows = await db
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(
      and(
        eq(pipelines.organisationId, organisationId),
        eq(pipelines.active, true),
        or(gt(pipelines.createdAt, createdAt), gt(pipelines.updatedAt, pipelines.createdAt)),
        exists(
          db.select({ id: stages.id }).from(stages).where(eq(stages.pipelineId, pipelines.id)),
        ),
        exists(
          db.select({ id: actions.id }).from(actions).where(eq(actions.pipelineId, pipelines.id)),
        ),
      ),
    )
    .limit(1)
  return rows.length > 0
}

export type NewStageRow = Omit<typeof stages.$inferInsert, 'id'>
export type NewActionRow = Omit<typeof actions.$inferInsert, 'id'>

export async function insertPipeline(
  db: Database,
  values: { organisationId: string; name: string; active: boolean; remoteId?: string | null },
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

/**
 * Serialises pipeline creations and renames in one organisation until the transaction ends, so
 * two requests cannot both take a free name.
 */
export function lockPipelineNames(tx: Database, organisationId: string): Promise<void> {
  return lockOrganisationScope(tx, 'pipeline_names', organisationId)
}

/** Whether another pipeline of the organisation has this name, trimmed and in any case. */
export async function pipelineNameTaken(
  db: Database,
  organisationId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(
      and(
        eq(pipelines.organisationId, organisationId),
        sql`lower(btrim(${pipelines.name})) = lower(btrim(${name}))`,
        exceptId ? ne(pipelines.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  return rows.length > 0
}

/** Renames one of the organisation's pipelines. */
export async function renamePipeline(
  tx: Database,
  id: string,
  organisationId: string,
  name: string,
): Promise<void> {
  await tx.update(pipelines).set({ name }).where(ownPipeline(id, organisationId))
}

/** The organisation's pipelines that came from a CRM, by their CRM id. */
export async function listRemotePipelines(
  db: Database,
  organisationId: string,
): Promise<PipelineRow[]> {
  return db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.organisationId, organisationId), isNotNull(pipelines.remoteId)))
}
