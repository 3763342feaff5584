import { eq } from 'drizzle-orm'
import type { Database } from './client.js'
import { organisations } from './schema/organisations.js'

/**
 * The organisation's creation time as a subquery, for comparing inside one statement. Seeded rows
 * are written in the sign-up transaction and carry exactly this time until edited; reading it into
 * a JS Date would drop the microseconds that comparison depends on.
 */
export function organisationCreatedAt(db: Database, organisationId: string) {
  return db
    .select({ createdAt: organisations.createdAt })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
}
