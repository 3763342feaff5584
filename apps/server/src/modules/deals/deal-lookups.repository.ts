import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { users } from '../../db/schema/accounts.js'
import { stages } from '../../db/schema/pipelines.js'

// Read-only look-ups in the pipelines and users areas (ADR 0007 allows them where said why): the
// pipelines service depends on this one, so asking it back would be an import cycle.

/** The stage with its pipeline, when it is the organisation's. */
export async function findStage(
  db: Database,
  organisationId: string,
  stageId: string,
): Promise<{ id: string; name: string; pipelineId: string } | undefined> {
  const [row] = await db
    .select({ id: stages.id, name: stages.name, pipelineId: stages.pipelineId })
    .from(stages)
    .where(and(eq(stages.organisationId, organisationId), eq(stages.id, stageId)))
  return row
}

export async function findStagesByIds(
  db: Database,
  organisationId: string,
  stageIds: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (stageIds.length === 0) return []
  return db
    .select({ id: stages.id, name: stages.name })
    .from(stages)
    .where(and(eq(stages.organisationId, organisationId), inArray(stages.id, [...stageIds])))
}

export async function findOrganisationUsers(
  db: Database,
  organisationId: string,
  userIds: readonly string[],
): Promise<{ id: string; firstName: string; lastName: string }[]> {
  if (userIds.length === 0) return []
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), inArray(users.id, [...userIds])))
}
