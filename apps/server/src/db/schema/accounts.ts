import { sql } from 'drizzle-orm'
import {
  index,
  boolean,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { id, createdAt, updatedAt } from './columns.js'
import { organisationId, organisations } from './organisations.js'

export const userRole = pgEnum('user_role', ['admin', 'member'])

export const users = pgTable(
  'users',
  {
    id: id(),
    organisationId: organisationId(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    role: userRole('role').notNull().default('member'),
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_organisation_idx').on(t.organisationId, t.lastName, t.firstName),
  ],
)

export const socialIdentities = pgTable(
  'social_identities',
  {
    id: id(),
    organisationId: organisationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('social_identities_provider_subject_key').on(t.provider, t.subject),
    index('social_identities_user_idx').on(t.userId),
  ],
)

/** A pending sign-up or invitation; the join key itself is only ever e-mailed, never stored. */
export const registrations = pgTable(
  'registrations',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    joinKeyHash: text('join_key_hash').notNull(),
    organisationId: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'cascade',
    }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    role: userRole('role').notNull().default('member'),
    source: text('source'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** An admin withdrew the invitation: its join key no longer works. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('registrations_join_key_hash_key').on(t.joinKeyHash),
    index('registrations_email_idx').on(sql`lower(${t.email})`),
    // The onboarding checklist asks whether an organisation has invited anyone.
    index('registrations_organisation_idx').on(t.organisationId),
    // One open invitation per organisation and address (ADR 0019): inviting the address again
    // renews this row, and two requests at once cannot store two live join keys.
    uniqueIndex('registrations_open_invitation_key')
      .on(t.organisationId, sql`lower(${t.email})`)
      .where(
        sql`${t.organisationId} is not null and ${t.usedAt} is null and ${t.revokedAt} is null`,
      ),
  ],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    organisationId: organisationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    // The session's sign-in, copied forward on rotation: the absolute limit counts from it.
    sessionStartedAt: timestamp('session_started_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    // "Keep me signed in": the longer idle and absolute limits (ADR 0018).
    remember: boolean('remember').notNull().default(false),
    // Where the token was issued (sign-in or refresh), for the sessions list; the User-Agent is
    // cut to 512 characters.
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
)

/**
 * A password-reset link (ASVS 2.5): single use, short-lived, one live link per user. Like join keys,
 * the token itself is only ever e-mailed; the database keeps its SHA-256.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    organisationId: organisationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
)

/**
 * Provider ID tokens that have already signed someone in, kept until they expire so that a copied
 * token cannot sign in again (replay). The key is a SHA-256 of the token's id (jti, or its
 * issuer, subject, issue time and nonce), never the token itself.
 */
export const usedIdTokens = pgTable(
  'used_id_tokens',
  {
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_id_tokens_expires_idx').on(t.expiresAt)],
)

/**
 * Failed-attempt counters for authentication throttling (ASVS 2.2.1), one row per scope and
 * subject (e.g. an account or an IP address). Kept in PostgreSQL so every replica sees them.
 * The key holds a SHA-256 of the subject, never the e-mail or address itself.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('auth_throttle_window_idx').on(t.windowStartedAt)],
)
