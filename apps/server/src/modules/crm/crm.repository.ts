import { CRM_PROVIDERS } from '@dealcoach/contracts/crm'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { crmIntegrations } from '../../db/schema/crm.js'

export type CrmIntegrationRow = typeof crmIntegrations.$inferSelect
export type CrmIntegrationChanges = Partial<
  Omit<typeof crmIntegrations.$inferInsert, 'id' | 'organisationId' | 'provider' | 'createdAt'>
>

/** A connection that needs re-authorisation is still the organisation's CRM, just stalled. */
const CONNECTED_STATUSES = ['linked', 'needs_reauth'] as const

/** The organisation's connection to this CRM, whatever its status; locked on request. */
export async function findIntegration(
  db: Database,
  organisationId: string,
  provider: string,
  options: { lock?: boolean } = {},
): Promise<CrmIntegrationRow | undefined> {
  const query = db
    .select()
    .from(crmIntegrations)
    .where(
      and(
        eq(crmIntegrations.organisationId, organisationId),
        eq(crmIntegrations.provider, provider),
      ),
    )
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function findIntegrationById(
  db: Database,
  organisationId: string,
  id: string,
): Promise<CrmIntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(crmIntegrations)
    .where(and(eq(crmIntegrations.organisationId, organisationId), eq(crmIntegrations.id, id)))
  return row
}

/** Creates the organisation's connection to the CRM, or replaces what it holds. */
export async function upsertIntegration(
  db: Database,
  organisationId: string,
  provider: string,
  values: CrmIntegrationChanges & { status: string },
): Promise<CrmIntegrationRow> {
  const [row] = await db
    .insert(crmIntegrations)
    .values({ organisationId, provider, ...values })
    .onConflictDoUpdate({
      target: [crmIntegrations.organisationId, crmIntegrations.provider],
      set: { ...values, updatedAt: new Date() },
    })
    .returning()
  if (!row) throw new Error('upsert into crm_integrations returned no row')
  return row
}

export async function updateIntegration(
  db: Database,
  organisationId: string,
  id: string,
  changes: CrmIntegrationChanges,
): Promise<void> {
  await db
    .update(crmIntegrations)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(crmIntegrations.organisationId, organisationId), eq(crmIntegrations.id, id)))
}

/** Every organisation's linked connections not syncing now: the periodic sync's work list. */
export function listIdleLinkedIntegrations(db: Database) {
  return db
    .select({ id: crmIntegrations.id, organisationId: crmIntegrations.organisationId })
    .from(crmIntegrations)
    .where(
      and(
        eq(crmIntegrations.status, 'linked'),
        inArray(crmIntegrations.syncState, ['idle', 'failed']),
      ),
    )
}

/** The organisation's most recently linked CRM, if any is linked. */
export async function findLinkedIntegration(
  db: Database,
  organisationId: string,
): Promise<CrmIntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(crmIntegrations)
    .where(
      and(
        eq(crmIntegrations.organisationId, organisationId),
        inArray(crmIntegrations.status, [...CONNECTED_STATUSES]),
        inArray(crmIntegrations.provider, [...CRM_PROVIDERS]),
      ),
    )
    .orderBy(sql`${crmIntegrations.linkedAt} desc nulls last`, desc(crmIntegrations.updatedAt))
    .limit(1)
  return row
}

/** Whether any of the organisation's CRM connections is linked, whatever its provider. */
export async function hasLinkedIntegration(db: Database, organisationId: string): Promise<boolean> {
  const rows = await db
    .select({ id: crmIntegrations.id })
    .from(crmIntegrations)
    .where(
      and(eq(crmIntegrations.organisationId, organisationId), eq(crmIntegrations.status, 'linked')),
    )
    .limit(1)
  return rows.length > 0
}
