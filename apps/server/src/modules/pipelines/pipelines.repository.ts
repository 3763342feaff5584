import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { actions, pipelines, stages } from '../../db/schema.js'

export type PipelineRow = typeof pipelines.$inferSelect
export type StageRow = typeof stages.$inferSelect
export type ActionRow = typeof actions.$inferSelect

export interface Page {
  limit: number
  offset: number
}

/** One organisation's pipelines, by name then id. */
export async function listOrganisationPipelines(
  db: Database,
  organisationId: string,
  page: Page,
): Promise<{ rows: PipelineRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(pipelines)
      .where(eq(pipelines.organisationId, organisationId))
      .orderBy(asc(pipelines.name), asc(pipelines.id))
      .limit(page.limit)
      .offset(page.offset),
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
  const [row] = await db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.id, id), eq(pipelines.organisationId, organisationId)))
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
