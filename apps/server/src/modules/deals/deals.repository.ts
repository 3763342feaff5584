import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { dealStageHistory, deals } from '../../db/schema/deals.js'

export async function countPipelineDeals(
  db: Database,
  organisationId: string,
  pipelineId: string,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(deals)
    .where(and(eq(deals.organisationId, organisationId), eq(deals.pipelineId, pipelineId)))
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
