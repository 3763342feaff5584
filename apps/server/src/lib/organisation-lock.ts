import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.js'

/**
 * Serialises one kind of write in one organisation until the transaction ends, e.g. so two
 * concurrent requests cannot both claim a free name. Call it inside a transaction.
 */
export async function lockOrganisationScope(
  tx: Database,
  scope: string,
  organisationId: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${scope}:${organisationId}`}, 0))`,
  )
}
