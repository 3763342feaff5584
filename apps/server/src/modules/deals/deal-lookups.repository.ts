import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { users } from '../../db/schema/accounts.js'
import { pipelines, stages } from '../../db/schema/pipelines.js'

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

/** Whether the pipeline is the organisation's. */
export async function isOrganisationPipeline(
  db: Database,
  organisationId: string,
  pipelineId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.organisationId, organisationId), eq(pipelines.id, pipelineId)))
  return row !== undefined
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

/** The organisation's pipelines, oldest first, with their stages in order (the CSV import). */
export async function listPipelinesWithStages(
  db: Database,
  organisationId: string,
): Promise<
  {
    id: string
    name: string
    remoteId: string | null
    stages: { id: string; name: string; remoteStageId: string | null }[]
  }[]
> {
  const rows = await db
    .select({
      pipelineId: pipelines.id,
      pipelineName: pipelines.name,
      pipelineRemoteId: pipelines.remoteId,
      stageId: stages.id,
      stageName: stages.name,
      remoteStageId: stages.remoteStageId,
    })
    .from(pipelines)
    .leftJoin(stages, eq(stages.pipelineId, pipelines.id))
    .where(eq(pipelines.organisationId, organisationId))
    .orderBy(asc(pipelines.createdAt), asc(pipelines.id), asc(stages.position))
  const byId = new Map<
    string,
    {
      id: string
      name: string
      remoteId: string | null
      stages: { id: string; name: string; remoteStageId: string | null }[]
    }
  >()
  for (const row of rows) {
    let pipeline = byId.get(row.pipelineId)
    if (!pipeline) {
      pipeline = {
        id: row.pipelineId,
        name: row.pipelineName,
        remoteId: row.pipelineRemoteId,
        stages: [],
      }
      byId.set(row.pipelineId, pipeline)
    }
    if (row.stageId && row.stageName !== null) {
      pipeline.stages.push({
        id: row.stageId,
        name: row.stageName,
        remoteStageId: row.remoteStageId,
      })
    }
  }
  return [...byId.values()]
}

/** The organisation's users with their e-mail and name (deal owners in an import). */
export function listOrganisationUserIdentities(db: Database, organisationId: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.organisationId, organisationId))
}
