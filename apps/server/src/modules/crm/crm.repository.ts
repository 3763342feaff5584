import { CRM_PROVIDERS } from '@dealcoach/contracts/crm'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { crmIntegrations } from '../../db/schema/crm.js'

export type CrmIntegrationRow = typeof crmIntegrations.$inferSelect

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
        eq(crmIntegrations.status, 'linked'),
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
