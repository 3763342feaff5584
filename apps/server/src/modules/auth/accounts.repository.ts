import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { users } from '../../db/schema/accounts.js'
import { organisations } from '../../db/schema/organisations.js'

// Auth's side of the users table (DESIGN §4 gives it to auth and users together): finding an
// account to sign in, creating one, and its password. Profiles and team lists are the users
// module's.

export type User = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert

/** E-mail addresses are unique case-insensitively (index users_email_key on lower(email)). */
export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
  return row
}

export async function findUserById(db: Database, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  return row
}

/**
 * A user of one organisation with the organisation's name, which invitations quote. A read-only
 * join: organisations stay the organisations module's.
 */
export async function findUserInOrganisation(
  db: Database,
  id: string,
  organisationId: string,
): Promise<(User & { organisationName: string }) | undefined> {
  const [row] = await db
    .select({ user: users, organisationName: organisations.name })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(users.id, id), eq(users.organisationId, organisationId)))
  return row ? { ...row.user, organisationName: row.organisationName } : undefined
}

export async function insertUser(db: Database, user: NewUser): Promise<User> {
  const [row] = await db.insert(users).values(user).returning()
  if (!row) throw new Error('insert into users returned no row')
  return row
}

export async function updateUserPassword(db: Database, id: string, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, id))
}
