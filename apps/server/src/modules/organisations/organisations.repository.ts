import { randomUUID } from 'node:crypto'
import { DEFAULT_OBJECTION_TYPES } from '@dealcoach/playbooks/default-objection-types'
import { DEFAULT_PIPELINE } from '@dealcoach/playbooks/default-pipeline'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { objectionTypes } from '../../db/schema/objection-types.js'
import { organisations } from '../../db/schema/organisations.js'
import { actions, pipelines, stages } from '../../db/schema/pipelines.js'

export type Organisation = typeof organisations.$inferSelect

/**
 * Creates an organisation with its defaults. Call it inside the transaction that creates its
 * first user, so a failure leaves nothing half made.
 */
export async function insertOrganisationWithDefaults(
  db: Database,
  name: string,
): Promise<Organisation> {
  const [organisation] = await db.insert(organisations).values({ name }).returning()
  if (!organisation) throw new Error('insert into organisations returned no row')
  const organisationId = organisation.id

  await db.insert(objectionTypes).values(
    DEFAULT_OBJECTION_TYPES.map((type) => ({
      id: randomUUID(),
      organisationId,
      name: type.name,
      description: type.description,
      examples: type.examples,
      active: true,
      source: 'system',
      approved: true,
    })),
  )

  const [pipeline] = await db
    .insert(pipelines)
    .values({ organisationId, name: DEFAULT_PIPELINE.name, active: true })
    .returning({ id: pipelines.id })
  if (!pipeline) throw new Error('insert into pipelines returned no row')

  const stageRows = await db
    .insert(stages)
    .values(
      DEFAULT_PIPELINE.stages.map((stage, position) => ({
        organisationId,
        pipelineId: pipeline.id,
        name: stage.name,
        position,
      })),
    )
    .returning({ id: stages.id, position: stages.position })
  const stageIdAt = new Map(stageRows.map((row) => [row.position, row.id]))

  // Positions count within each stage.
  const actionRows = DEFAULT_PIPELINE.stages.flatMap((stage, stagePosition) =>
    stage.actions.map((action, position) => ({
      organisationId,
      pipelineId: pipeline.id,
      stageId: stageIdAt.get(stagePosition) ?? null,
      name: action.name,
      description: action.description,
      position,
    })),
  )
  await db.insert(actions).values(actionRows)
  return organisation
}

/** The product profile columns of an organisation, as stored. */
export interface ProductProfileRow {
  productName: string
  productDescription: string
  valuePropositions: string[]
  differentiators: string[]
  idealCustomerProfile: string
  competitors: string[]
}

const productProfileColumns = {
  productName: organisations.productName,
  productDescription: organisations.productDescription,
  valuePropositions: organisations.valuePropositions,
  differentiators: organisations.differentiators,
  idealCustomerProfile: organisations.idealCustomerProfile,
  competitors: organisations.competitors,
}

export async function findProductProfile(
  db: Database,
  organisationId: string,
): Promise<ProductProfileRow | undefined> {
  const [row] = await db
    .select(productProfileColumns)
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return row
}

/** Replaces the whole product profile; undefined if the organisation no longer exists. */
export async function updateProductProfile(
  db: Database,
  organisationId: string,
  profile: ProductProfileRow,
): Promise<ProductProfileRow | undefined> {
  const [row] = await db
    .update(organisations)
    .set({ ...profile, updatedAt: sql`now()` })
    .where(eq(organisations.id, organisationId))
    .returning(productProfileColumns)
  return row
}
