import type { Database } from '../../db/client.js'
import type { OrganisationsService } from '../organisations/organisations.service.js'
import { insertUser, type User } from './accounts.repository.js'
import { accountExists, joinKeyUsed } from './auth-errors.js'
import {
  closePendingRegistrations,
  insertSocialIdentity,
  markRegistrationUsed,
} from './auth.repository.js'
import type { SocialIdentity } from './id-token-verifier.js'

export interface NewAccount {
  email: string
  firstName: string
  lastName: string
  passwordHash: string | null
  /** Joins an existing organisation; without it the account signs up a new one. */
  invitation?: { organisationId: string; role: User['role'] }
  /** The registration whose join key this account uses up. */
  claimRegistrationId?: string
  identity?: SocialIdentity
}

/** Creates accounts for both registration paths: e-mail with a join key, and social sign-up. */
export function createAccountService({
  db,
  organisations,
}: {
  db: Database
  organisations: OrganisationsService
}) {
  return {
    /** Creates the user, and for a sign-up its organisation (with defaults), in one transaction. */
    async create(input: NewAccount): Promise<User> {
      try {
        return await db.transaction(async (tx) => {
          if (
            input.claimRegistrationId &&
            !(await markRegistrationUsed(tx, input.claimRegistrationId))
          ) {
            throw joinKeyUsed()
          }
          const organisationId =
            input.invitation?.organisationId ??
            (await organisations.createWithDefaults(tx, organisationNameFor(input))).id
          const user = await insertUser(tx, {
            organisationId,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash: input.passwordHash,
            passwordChangedAt: input.passwordHash ? new Date() : null,
            role: input.invitation?.role ?? 'admin',
          })
          // The address has an account now: its other invitations and sign-up links, in any
          // organisation, would only lead to "account exists", so they stop working here.
          await closePendingRegistrations(tx, input.email)
          if (input.identity) {
            await insertSocialIdentity(tx, {
              organisationId,
              userId: user.id,
              provider: input.identity.provider,
              subject: input.identity.subject,
              email: input.identity.email,
            })
          }
          return user
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw accountExists()
        throw error
      }
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>

const FREE_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'mail.com',
  'yandex.com',
  'zoho.com',
])

/** A company address names the organisation after its domain; otherwise "<First>'s workspace". */
export function organisationNameFor(input: { email: string; firstName: string }): string {
  const domain = input.email.split('@')[1]?.toLowerCase() ?? ''
  const label = domain.split('.')[0] ?? ''
  if (domain && !FREE_MAIL_DOMAINS.has(domain) && /^[a-z0-9-]{2,}$/.test(label)) {
    return label
      .split('-')
      .filter(Boolean)
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join(' ')
  }
  return `${input.firstName.trim() || 'My'}'s workspace`
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true
  }
  return false
}
