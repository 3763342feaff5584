import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import {
  passwordResets,
  refreshTokens,
  registrations,
  socialIdentities,
  usedIdTokens,
  users,
} from '../../db/schema/accounts.js'
import { organisations } from '../../db/schema/organisations.js'
import { type PageOf, type PageRequest, pageWindow } from '../../lib/pagination.js'
import type { User } from './accounts.repository.js'

export type Registration = typeof registrations.$inferSelect
export type NewRegistration = typeof registrations.$inferInsert
export type RefreshToken = typeof refreshTokens.$inferSelect
export type NewRefreshToken = typeof refreshTokens.$inferInsert
export type PasswordReset = typeof passwordResets.$inferSelect
export type NewPasswordReset = typeof passwordResets.$inferInsert

// Social identities

export async function findUserBySocialIdentity(
  db: Database,
  provider: string,
  subject: string,
): Promise<User | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
  return row?.user
}

export async function insertSocialIdentity(
  db: Database,
  identity: typeof socialIdentities.$inferInsert,
): Promise<void> {
  await db.insert(socialIdentities).values(identity).onConflictDoNothing()
}

// Registrations (sign-ups and invitations)

export async function insertRegistration(
  db: Database,
  registration: NewRegistration,
): Promise<Registration> {
  const [row] = await db.insert(registrations).values(registration).returning()
  if (!row) throw new Error('insert into registrations returned no row')
  return row
}

/** Unused, unrevoked and unexpired: a join key that still works. */
const isPending = and(
  isNull(registrations.usedAt),
  isNull(registrations.revokedAt),
  sql`${registrations.expiresAt} > now()`,
)

/** An invitation: a registration into an organisation, as it is sent (not used, not revoked). */
export type NewInvitation = Omit<
  NewRegistration,
  'id' | 'organisationId' | 'usedAt' | 'revokedAt' | 'createdAt'
> & { organisationId: string }

/**
 * The organisation's open (unused, unrevoked) invitation to an address, locked until the
 * transaction ends; `pending` says whether its key still worked (not expired).
 */
async function lockOpenInvitation(tx: Database, organisationId: string, email: string) {
  const [row] = await tx
    .select({ id: registrations.id, pending: sql<boolean>`${registrations.expiresAt} > now()` })
    .from(registrations)
    .where(
      and(
        eq(registrations.organisationId, organisationId),
        sql`lower(${registrations.email}) = lower(${email})`,
        isNull(registrations.usedAt),
        isNull(registrations.revokedAt),
      ),
    )
    .for('update')
  return row
}

/**
 * Stores an invitation as the organisation's one open invitation to the address (unique index
 * registrations_open_invitation_key): a new row, or the open one renewed with the new key, expiry,
 * names, role and inviter. `renewed` is true when the one replaced was still pending.
 */
export async function saveInvitation(
  tx: Database,
  invitation: NewInvitation,
): Promise<{ registration: Registration; renewed: boolean }> {
  // A renewal replaces all the invitation is sent with (key, expiry, names, role, inviter, source),
  // so its old key stops working; the organisation and the address are how it is found.
  const { organisationId, email, ...fields } = invitation
  // Twice at most: an insert loses only to a request that stored the same address meanwhile,
  // and the second pass then finds (and renews) that row.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const open = await lockOpenInvitation(tx, organisationId, email)
    if (open) {
      const [renewed] = await tx
        .update(registrations)
        .set(fields)
        .where(eq(registrations.id, open.id))
        .returning()
      if (renewed) return { registration: renewed, renewed: open.pending }
    }
    const [inserted] = await tx
      .insert(registrations)
      .values(invitation)
      .onConflictDoNothing()
      .returning()
    if (inserted) return { registration: inserted, renewed: false }
  }
  throw new Error('an invitation could be neither inserted nor renewed')
}

/**
 * Closes every pending registration link of an address, as though it had expired: once the
 * address has an account, no invitation or sign-up link of it may be used (ADR 0019).
 */
export async function closePendingRegistrations(tx: Database, email: string): Promise<void> {
  await tx
    .update(registrations)
    .set({ expiresAt: sql`now()` })
    .where(and(sql`lower(${registrations.email}) = lower(${email})`, isPending))
}

export async function findRegistrationByKeyHash(
  db: Database,
  joinKeyHash: string,
): Promise<(Registration & { organisationName: string | null }) | undefined> {
  const [row] = await db
    .select({ registration: registrations, organisationName: organisations.name })
    .from(registrations)
    .leftJoin(organisations, eq(organisations.id, registrations.organisationId))
    .where(eq(registrations.joinKeyHash, joinKeyHash))
  return row ? { ...row.registration, organisationName: row.organisationName } : undefined
}

/** Claims a join key: true for exactly one caller, and only while it is still pending. */
export async function markRegistrationUsed(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(registrations)
    .set({ usedAt: sql`now()` })
    .where(and(eq(registrations.id, id), isPending))
    .returning({ id: registrations.id })
  return rows.length === 1
}

export interface PendingInvitation extends Registration {
  inviter: { id: string; firstName: string; lastName: string } | null
}

/** One organisation's invitations whose join key still works, newest first. */
export async function listPendingInvitations(
  db: Database,
  organisationId: string,
  page: PageRequest,
): Promise<PageOf<PendingInvitation>> {
  const scope = and(eq(registrations.organisationId, organisationId), isPending)
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        registration: registrations,
        inviterId: users.id,
        inviterFirstName: users.firstName,
        inviterLastName: users.lastName,
      })
      .from(registrations)
      .leftJoin(
        users,
        and(eq(users.id, registrations.invitedBy), eq(users.organisationId, organisationId)),
      )
      .where(scope)
      .orderBy(sql`${registrations.createdAt} desc`, asc(registrations.id))
      .limit(page.pageSize)
      .offset(pageWindow(page).offset),
    db.select({ total: count() }).from(registrations).where(scope),
  ])
  return {
    rows: rows.map((row) => ({
      ...row.registration,
      inviter: row.inviterId
        ? {
            id: row.inviterId,
            firstName: row.inviterFirstName ?? '',
            lastName: row.inviterLastName ?? '',
          }
        : null,
    })),
    total: totals?.total ?? 0,
  }
}

/** Withdraws a pending invitation of the organisation; false when there is none with that id. */
export async function revokeInvitation(
  db: Database,
  organisationId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .update(registrations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(registrations.id, id), eq(registrations.organisationId, organisationId), isPending),
    )
    .returning({ id: registrations.id })
  return rows.length === 1
}

// Used provider ID tokens

/** Records an ID token as used; false when it already was (a replay). */
export async function claimIdToken(db: Database, key: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(usedIdTokens)
    .values({ key, expiresAt })
    .onConflictDoNothing()
    .returning({ key: usedIdTokens.key })
  return rows.length === 1
}

export async function deleteExpiredIdTokens(db: Database) {
  await db.delete(usedIdTokens).where(sql`${usedIdTokens.expiresAt} < now()`)
}

// Refresh tokens

export async function insertRefreshToken(db: Database, token: NewRefreshToken): Promise<void> {
  await db.insert(refreshTokens).values(token)
}

export async function findRefreshTokenByHash(
  db: Database,
  tokenHash: string,
): Promise<RefreshToken | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash))
  return row
}

/**
 * Reads a token and locks its row until the transaction ends, so two refreshes of one token run
 * one after the other and the second sees what the first did. `replacedWithinSeconds` says whether
 * it was rotated less than that many seconds ago (by the database clock, which set `revoked_at`).
 */
export async function lockRefreshTokenByHash(
  tx: Database,
  tokenHash: string,
  graceSeconds: number,
): Promise<(RefreshToken & { replacedRecently: boolean }) | undefined> {
  const [row] = await tx
    .select({
      token: refreshTokens,
      replacedRecently: sql<boolean>`coalesce(${refreshTokens.replacedBy} is not null and ${refreshTokens.revokedAt} > now() - make_interval(secs => ${graceSeconds}), false)`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update')
  return row ? { ...row.token, replacedRecently: row.replacedRecently } : undefined
}

/** Marks a token rotated; false when another request rotated or revoked it first. */
export async function markRefreshTokenReplaced(
  db: Database,
  id: string,
  replacedBy: string,
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, replacedBy })
    .where(
      and(
        eq(refreshTokens.id, id),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.replacedBy),
      ),
    )
    .returning({ id: refreshTokens.id })
  return rows.length === 1
}

export async function revokeRefreshTokenFamily(db: Database, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
}

/** Whether a session (a refresh-token family) of the user still has a usable token. */
export async function isSessionLive(
  db: Database,
  userId: string,
  familyId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.expiresAt} > now()`,
      ),
    )
    .limit(1)
  return rows.length === 1
}

/** The usable token of each live session (refresh-token family) of a user, latest first. */
export async function listLiveRefreshTokens(
  db: Database,
  organisationId: string,
  userId: string,
): Promise<RefreshToken[]> {
  return db
    .select()
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.organisationId, organisationId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(refreshTokens.createdAt))
}

/**
 * Ends the live sessions of a user that `familyIds` selects (one id, or every one but `exceptId`)
 * and answers which were ended; a session of someone else, or one already over, is not among them.
 */
export async function revokeLiveRefreshTokenFamilies(
  db: Database,
  owner: { organisationId: string; userId: string },
  select: { familyId: string } | { exceptFamilyId: string | null },
): Promise<string[]> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.organisationId, owner.organisationId),
        eq(refreshTokens.userId, owner.userId),
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.expiresAt} > now()`,
        'familyId' in select
          ? eq(refreshTokens.familyId, select.familyId)
          : select.exceptFamilyId
            ? ne(refreshTokens.familyId, select.exceptFamilyId)
            : undefined,
      ),
    )
    .returning({ familyId: refreshTokens.familyId })
  return [...new Set(rows.map((row) => row.familyId))]
}

/**
 * Ends every session of a user, or every one but `keepFamilyId` (a password changed from a
 * signed-in session keeps that session).
 */
export async function revokeRefreshTokenFamilies(
  db: Database,
  userId: string,
  keepFamilyId?: string,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
        isNull(refreshTokens.revokedAt),
      ),
    )
}

// Password resets

/** A new reset link voids the user's older unused ones: only the newest e-mail works. */
export async function replacePasswordReset(
  db: Database,
  reset: NewPasswordReset,
): Promise<PasswordReset> {
  await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)))
  const [row] = await db.insert(passwordResets).values(reset).returning()
  if (!row) throw new Error('insert into password_resets returned no row')
  return row
}

export async function findPasswordResetByHash(
  db: Database,
  tokenHash: string,
): Promise<PasswordReset | undefined> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash))
  return row
}

/** Claims a reset link: true for exactly one caller, and only while it is unused and unexpired. */
export async function markPasswordResetUsed(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.id, id),
        isNull(passwordResets.usedAt),
        sql`${passwordResets.expiresAt} > now()`,
      ),
    )
    .returning({ id: passwordResets.id })
  return rows.length === 1
}

/** Voids the user's other unused links once one of them has set the password. */
export async function deleteUnusedPasswordResets(db: Database, userId: string): Promise<void> {
  await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
}

// Clean-up

export async function deleteExpiredRefreshTokens(db: Database, graceSeconds: number) {
  await db
    .delete(refreshTokens)
    .where(sql`${refreshTokens.expiresAt} < now() - make_interval(secs => ${graceSeconds})`)
}

export async function deleteExpiredRegistrations(db: Database, graceSeconds: number) {
  await db
    .delete(registrations)
    .where(sql`${registrations.expiresAt} < now() - make_interval(secs => ${graceSeconds})`)
}

export async function deleteExpiredPasswordResets(db: Database, graceSeconds: number) {
  await db
    .delete(passwordResets)
    .where(sql`${passwordResets.expiresAt} < now() - make_interval(secs => ${graceSeconds})`)
}
