import { randomBytes, randomUUID } from 'node:crypto'
import { ONBOARDING_STEP_KEYS } from '@dealcoach/contracts/onboarding'
import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../db/client.js'
import { users } from '../db/schema/accounts.js'
import { contacts, dealContacts, deals, dealStageHistory } from '../db/schema/deals.js'
import { engagements } from '../db/schema/engagements.js'
import { objectionTypes } from '../db/schema/objection-types.js'
import { organisations } from '../db/schema/organisations.js'
import { pipelines, stages } from '../db/schema/pipelines.js'
import { hashPassword } from '../modules/auth/password.js'
import { mergeChecklistTicks } from '../modules/onboarding/onboarding.repository.js'
import type { Services } from '../services.js'
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ORGANISATION_NAME,
  type DemoWorkspace,
  generateDemo,
} from './generate-demo.js'

export type DemoServices = Pick<Services, 'organisations' | 'pipelines' | 'analysisRequests'>

export interface LoadedDemo {
  organisationId: string
  email: string
  password: string
  deals: number
  engagements: number
}

/** Rows per INSERT: large enough to be quick, small enough to stay under the parameter limit. */
const BATCH = 500

async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH))
  }
}

/** A password nobody can guess but a person can type: shown once per start, never e-mailed. */
export function generateDemoPassword(): string {
  return `demo-${randomBytes(9).toString('base64url')}`
}

/**
 * Loads the generated workspace in one transaction (a seed, not a module: it writes the tables
 * directly, in batches, so the first start stays fast), then asks for every deal's analysis in
 * the same transaction so the job runs in the background once it commits.
 */
export async function loadDemo(
  db: Database,
  services: DemoServices,
  options: { password?: string; now?: Date; seed?: number } = {},
): Promise<LoadedDemo> {
  const workspace = generateDemo({ now: options.now, seed: options.seed })
  const password = options.password ?? generateDemoPassword()
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const organisation = await services.organisations.createWithDefaults(tx, DEMO_ORGANISATION_NAME)
    const organisationId = organisation.id
    await describeProduct(tx, organisationId, workspace)
    const pipelineIds = await createPipelines(tx, services, organisationId, workspace)
    const userIds = await createUsers(tx, organisationId, workspace, passwordHash)
    const counts = await insertDeals(tx, organisationId, workspace, pipelineIds, userIds)
    // The demo arrives set up, but its pipelines and objection types are as old as the
    // organisation, which the checklist reads as "not yet configured": tick its steps so its
    // admin lands on the dashboard, not on a set-up page for a workspace that needs none.
    await mergeChecklistTicks(tx, organisationId, ONBOARDING_STEP_KEYS, [])
    for (const dealId of counts.dealIds) {
      await services.analysisRequests.request(tx, {
        organisationId,
        dealId,
        trigger: 'engagement',
        background: true,
      })
    }
    return {
      organisationId,
      email: DEMO_ADMIN_EMAIL,
      password,
      deals: counts.dealIds.length,
      engagements: counts.engagements,
    }
  })
}

async function describeProduct(tx: Database, organisationId: string, workspace: DemoWorkspace) {
  const { product } = workspace
  await tx
    .update(organisations)
    .set({
      productName: product.name,
      productDescription: product.description,
      valuePropositions: product.valuePropositions,
      differentiators: product.differentiators,
      idealCustomerProfile: product.idealCustomerProfile,
      competitors: product.competitors,
    })
    .where(eq(organisations.id, organisationId))
  // The seeded objection types count as reviewed in the demo, so the engine uses all of them.
  await tx
    .update(objectionTypes)
    .set({ approved: true })
    .where(eq(objectionTypes.organisationId, organisationId))
}

interface PipelineIds {
  pipelineId: string
  stageIds: string[]
}

/** Ids per pipeline, stages in order. The default pipeline (New Business) already exists. */
async function createPipelines(
  tx: Database,
  services: DemoServices,
  organisationId: string,
  workspace: DemoWorkspace,
): Promise<PipelineIds[]> {
  for (const pipeline of workspace.pipelines.slice(1)) {
    await services.pipelines.createFromTemplate(tx, organisationId, pipeline)
  }
  const rows = await tx.select().from(stages).where(eq(stages.organisationId, organisationId))
  const pipelineRows = await tx
    .select()
    .from(pipelines)
    .where(eq(pipelines.organisationId, organisationId))
  return workspace.pipelines.map((template) => {
    const pipeline = pipelineRows.find((row) => row.name === template.name)
    return {
      pipelineId: pipeline?.id ?? '',
      stageIds: rows
        .filter((row) => row.pipelineId === pipeline?.id)
        .sort((a, b) => a.position - b.position)
        .map((row) => row.id),
    }
  })
}

async function createUsers(
  tx: Database,
  organisationId: string,
  workspace: DemoWorkspace,
  passwordHash: string,
): Promise<string[]> {
  const rows = await tx
    .insert(users)
    .values(
      workspace.users.map((user) => ({
        organisationId,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        // Every rep signs in with the install's demo password, so a member's view can be tried too.
        passwordHash,
        passwordChangedAt: new Date(),
      })),
    )
    .returning({ id: users.id, email: users.email })
  return workspace.users.map((user) => rows.find((row) => row.email === user.email)?.id ?? '')
}

async function insertDeals(
  tx: Database,
  organisationId: string,
  workspace: DemoWorkspace,
  pipelineIds: PipelineIds[],
  userIds: string[],
) {
  const dealRows: (typeof deals.$inferInsert)[] = []
  const historyRows: (typeof dealStageHistory.$inferInsert)[] = []
  const contactRows: (typeof contacts.$inferInsert)[] = []
  const linkRows: (typeof dealContacts.$inferInsert)[] = []
  const engagementRows: (typeof engagements.$inferInsert)[] = []
  for (const deal of workspace.deals) {
    const dealId = randomUUID()
    const ids = pipelineIds[deal.pipeline]
    const stageOf = (index: number) => ids?.stageIds[index] ?? ''
    const pipelineId = ids?.pipelineId ?? ''
    dealRows.push({
      id: dealId,
      organisationId,
      pipelineId,
      stageId: stageOf(deal.stage),
      ownerId: userIds[deal.owner] ?? null,
      name: deal.name,
      accountName: deal.company,
      amount: String(deal.amount),
      currency: deal.currency,
      closeDate: deal.closeDate,
      status: deal.status,
      source: 'demo',
      lastActivityAt: deal.lastActivityAt,
      createdAt: deal.createdAt,
      updatedAt: deal.lastActivityAt,
    })
    for (const change of deal.history) {
      historyRows.push({
        organisationId,
        dealId,
        fromStageId: change.fromStage === null ? null : stageOf(change.fromStage),
        toStageId: stageOf(change.toStage),
        changedAt: change.changedAt,
      })
    }
    for (const contact of deal.contacts) {
      const contactId = randomUUID()
      contactRows.push({
        id: contactId,
        organisationId,
        name: contact.name,
        email: contact.email,
        title: contact.title,
        company: deal.company,
      })
      linkRows.push({ organisationId, dealId, contactId, role: contact.role })
    }
    for (const engagement of deal.engagements) {
      engagementRows.push({
        organisationId,
        dealId,
        type: engagement.type,
        name: engagement.name,
        occurredAt: engagement.occurredAt,
        direction: engagement.direction,
        participants: engagement.participants,
        body: engagement.body,
        utterances: engagement.utterances,
        contentHash: null,
        createdAt: engagement.occurredAt,
      })
    }
  }
  await insertBatched(dealRows, (batch) => tx.insert(deals).values(batch))
  await insertBatched(historyRows, (batch) => tx.insert(dealStageHistory).values(batch))
  await insertBatched(contactRows, (batch) => tx.insert(contacts).values(batch))
  await insertBatched(linkRows, (batch) => tx.insert(dealContacts).values(batch))
  await insertBatched(engagementRows, (batch) => tx.insert(engagements).values(batch))
  return { dealIds: dealRows.map((row) => row.id ?? ''), engagements: engagementRows.length }
}

/** The demo organisation's id, if this database has one. */
export async function findDemoOrganisation(db: Database): Promise<string | undefined> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .innerJoin(users, eq(users.organisationId, organisations.id))
    .where(and(eq(organisations.name, DEMO_ORGANISATION_NAME), eq(users.email, DEMO_ADMIN_EMAIL)))
    .limit(1)
  return row?.id
}

/** Deletes the demo organisation (every tenant table cascades from it). */
export async function deleteDemo(db: Database): Promise<void> {
  const id = await findDemoOrganisation(db)
  if (id) await db.delete(organisations).where(inArray(organisations.id, [id]))
}

/** Whether the database has no organisation at all: the only case the demo is made on start. */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).limit(1)
  return row === undefined
}
