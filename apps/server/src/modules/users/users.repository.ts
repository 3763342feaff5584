import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { preparedStatement } from '../../db/prepared-statements.js'
import { registrations, users } from '../../db/schema/accounts.js'
import { organisations } from '../../db/schema/organisations.js'
import { anyOfPlaceholder } from '../../db/uuid-any.js'
import { type PageOf, type PageRequest, pageWindow } from '../../lib/pagination.js'

export type User = typeof users.$inferSelect

export interface UserWithOrganisation extends User {
  organisationName: string
}

export async function findUserWithOrganisation(
  db: Database,
  id: string,
  organisationId: string,
): Promise<UserWithOrganisation | undefined> {
  const [row] = await db
    .select({ user: users, organisationName: organisations.name })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(users.id, id), eq(users.organisationId, organisationId)))
  return row ? { ...row.user, organisationName: row.organisationName } : undefined
}

export async function updateUserProfile(
  db: Database,
  id: string,
  organisationId: string,
  changes: Partial<Pick<User, 'firstName' | 'lastName' | 'language'>>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), eq(users.organisationId, organisationId)))
}

/** One organisation's users, by last then first name. */
export async function listOrganisationUsers(
  db: Database,
  organisationId: string,
  page: PageRequest,
): Promise<PageOf<User>> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(eq(users.organisationId, organisationId))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(page.pageSize)
      .offset(pageWindow(page).offset),
    db.select({ total: count() }).from(users).where(eq(users.organisationId, organisationId)),
  ])
  return { rows, total: totals?.total ?? 0 }
}

/** What GraphQL shows of a user (its `User` type). */
export type UserProfile = Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'role'>

/**
 * The organisation's users among `ids`; ids of other organisations' users are left out. A
 * prepared statement: GraphQL reads a page's owners with every page.
 */
export async function findUsersByIds(
  db: Database,
  organisationId: string,
  ids: readonly string[],
): Promise<UserProfile[]> {
  if (ids.length === 0) return []
  const statement = preparedStatement(db, 'users_by_ids', (name) =>
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
      })
      .from(users)
      .where(
        and(
          eq(users.organisationId, sql.placeholder('organisationId')),
          anyOfPlaceholder(users.id, 'ids'),
        ),
      )
      .prepare(name),
  )
  return statement.execute({ organisationId, ids: [...ids] })
}

/** Every user's name and e-mail, to recognise them as speakers in a transcript. */
export function listOrganisationPeople(
  db: Database,
  organisationId: string,
): Promise<{ firstName: string; lastName: string; email: string }[]> {
  return db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.organisationId, organisationId))
}

/**
 * Whether the organisation has a second user, or has invited anyone (a registration that names
 * it). Registrations are auth's rows; DESIGN §4 puts users and auth in one area.
 */
export async function hasTeammatesOrInvitations(
  db: Database,
  organisationId: string,
): Promise<boolean> {
  const [secondUser, invitations] = await Promise.all([
    db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.organisationId, organisationId))
      .limit(1)
      .offset(1),
    db
      .select({ id: registrations.id })
      .from(registrations)
      // An invitation the admin revoked no longer counts as inviting someone.
      .where(and(eq(registrations.organisationId, organisationId), isNull(registrations.revokedAt)))
      .limit(1),
  ])
  return secondUser.length > 0 || invitations.length > 0
}
