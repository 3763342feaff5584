import { randomUUID } from 'node:crypto'
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type ConfirmRegistrationBody,
  type EmailLoginBody,
  type EmailRegistrationBody,
  type RegistrationDetailsResponse,
  type SocialAuthBody,
} from '@dealcoach/contracts/auth'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../../config.js'
import type { Database } from '../../db/client.js'
import {
  Conflict,
  Gone,
  Invalid,
  invalidField,
  NotFound,
  Unauthenticated,
} from '../../lib/domain-errors.js'
import type { MailService } from '../mail/mail.service.js'
import { insertOrganisationWithDefaults } from '../organisations/organisations.repository.js'
import { findUserByEmail, findUserById, insertUser, type User } from '../users/users.repository.js'
import { signAccessToken } from './access-token.js'
import {
  assertNotThrottled,
  recordFailures,
  resetThrottle,
  type ThrottleTarget,
} from './auth-throttle.service.js'
import {
  findRefreshTokenByHash,
  findRegistrationByKeyHash,
  findUserBySocialIdentity,
  insertRefreshToken,
  insertRegistration,
  insertSocialIdentity,
  markRefreshTokenReplaced,
  markRegistrationUsed,
  type Registration,
  revokeRefreshTokenFamily,
} from './auth.repository.js'
import type { IdTokenVerifier, SocialIdentity } from './id-token-verifier.js'
import { createOpaqueToken, hashOpaqueToken } from './opaque-token.js'
import { hashPassword, passwordProblem, verifyPassword } from './password.js'

export const JOIN_KEY_TTL_HOURS = 72
export const REFRESH_TOKEN_TTL_DAYS = 30

/** A signed-in session: the access token for the body, the refresh token for the cookie. */
export interface Session {
  accessToken: string
  expiresIn: number
  refreshToken: string
  refreshExpiresAt: Date
}

export interface AuthDeps {
  db: Database
  config: AppConfig
  mail: MailService
  idTokens: IdTokenVerifier
  log: FastifyBaseLogger
}

const invalidCredentials = () =>
  new Unauthenticated('invalid_credentials', 'The e-mail address or password is incorrect.')
const invalidRefreshToken = () =>
  new Unauthenticated('invalid_refresh_token', 'The session has ended. Sign in again.')
const accountExists = () =>
  new Conflict('account_exists', 'An account with this e-mail address already exists.')

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function createAuthService(deps: AuthDeps) {
  const { db, config, mail, idTokens, log } = deps

  /** Starts a new session (a refresh-token family), or continues one when rotating. */
  async function issueSession(
    user: User,
    family: { id: string; expiresAt: Date } = {
      id: randomUUID(),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    },
    tokenId: string = randomUUID(),
    database: Database = db,
  ): Promise<Session> {
    const refreshToken = createOpaqueToken()
    await insertRefreshToken(database, {
      id: tokenId,
      organisationId: user.organisationId,
      userId: user.id,
      familyId: family.id,
      tokenHash: hashOpaqueToken(refreshToken),
      expiresAt: family.expiresAt,
    })
    const accessToken = await signAccessToken(config.jwtSecret, {
      id: user.id,
      organisationId: user.organisationId,
      role: user.role,
      firstName: user.firstName,
      lastName: user.lastName,
      sessionId: family.id,
    })
    return {
      accessToken,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      refreshToken,
      refreshExpiresAt: family.expiresAt,
    }
  }

  /** A pending registration's key is only ever e-mailed; the database keeps its hash. */
  async function createJoinKey(
    registration: Omit<Registration, 'id' | 'joinKeyHash' | 'expiresAt' | 'usedAt' | 'createdAt'>,
  ) {
    const joinKey = createOpaqueToken()
    const row = await insertRegistration(db, {
      ...registration,
      joinKeyHash: hashOpaqueToken(joinKey),
      expiresAt: new Date(Date.now() + JOIN_KEY_TTL_HOURS * 3_600_000),
    })
    return { joinKey, registration: row, link: `${config.appUrl}/complete_registration/${joinKey}` }
  }

  async function findUsableRegistration(joinKey: string) {
    const registration = await findRegistrationByKeyHash(db, hashOpaqueToken(joinKey))
    if (!registration) {
      throw new NotFound(
        'Registration link',
        'join_key_not_found',
        'This registration link is not valid.',
      )
    }
    if (registration.usedAt) {
      throw new Gone('join_key_used', 'This registration link has already been used.')
    }
    if (registration.expiresAt.getTime() <= Date.now()) {
      throw new Gone(
        'join_key_expired',
        'This registration link has expired. Register again to get a new one.',
      )
    }
    return registration
  }

  /** Creates the user, and for a sign-up its organisation (with defaults), in one transaction. */
  async function createAccount(input: {
    email: string
    firstName: string
    lastName: string
    passwordHash: string | null
    invitation?: { organisationId: string; role: User['role'] }
    claimRegistrationId?: string
    identity?: SocialIdentity
  }): Promise<User> {
    try {
      return await db.transaction(async (tx) => {
        if (
          input.claimRegistrationId &&
          !(await markRegistrationUsed(tx, input.claimRegistrationId))
        ) {
          throw new Gone('join_key_used', 'This registration link has already been used.')
        }
        const organisationId =
          input.invitation?.organisationId ??
          (await insertOrganisationWithDefaults(tx, organisationNameFor(input))).id
        const user = await insertUser(tx, {
          organisationId,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash: input.passwordHash,
          passwordChangedAt: input.passwordHash ? new Date() : null,
          role: input.invitation?.role ?? 'admin',
        })
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
  }

  return {
    issueSession,

    async emailLogin(body: EmailLoginBody, ip: string): Promise<Session> {
      const email = normaliseEmail(body.email)
      const account: ThrottleTarget = { scope: 'loginAccount', subject: email }
      const address: ThrottleTarget = { scope: 'loginIp', subject: ip }
      await assertNotThrottled(db, [account, address])

      const user = await findUserByEmail(db, email)
      const valid = await verifyPassword(user?.passwordHash ?? null, body.password)
      if (!user || !valid) {
        await recordFailures(db, [account, address])
        throw invalidCredentials()
      }
      await resetThrottle(db, account)
      log.info({ userId: user.id }, 'signed in with e-mail and password')
      return issueSession(user)
    },

    /** Answers the same whether or not the address has an account (no enumeration). */
    async requestRegistration(body: EmailRegistrationBody, ip: string): Promise<void> {
      const email = normaliseEmail(body.email)
      const targets: ThrottleTarget[] = [
        { scope: 'registrationEmail', subject: email },
        { scope: 'registrationIp', subject: ip },
      ]
      await assertNotThrottled(db, targets)
      await recordFailures(db, targets)

      const existing = await findUserByEmail(db, email)
      if (existing) {
        await mail.queue({
          organisationId: existing.organisationId,
          toAddress: email,
          subject: 'You already have a Dealcoach account',
          textBody: [
            `Hello ${existing.firstName},`,
            '',
            'Someone (probably you) asked to register this e-mail address with Dealcoach,',
            'but it already has an account. Sign in here:',
            '',
            `${config.appUrl}/login`,
            '',
            'If this was not you, you can ignore this e-mail.',
          ].join('\n'),
        })
        return
      }
      const { link } = await createJoinKey({
        email,
        firstName: body.firstname,
        lastName: body.lastname,
        organisationId: null,
        invitedBy: null,
        role: 'admin',
        source: body.source ?? null,
      })
      await mail.queue({
        toAddress: email,
        subject: 'Finish your Dealcoach registration',
        textBody: [
          `Hello ${body.firstname},`,
          '',
          'Open this link to choose your password and finish your registration:',
          '',
          link,
          '',
          `The link works once and expires in ${JOIN_KEY_TTL_HOURS} hours.`,
          'If you did not ask for this, you can ignore this e-mail.',
        ].join('\n'),
      })
    },

    async invite(
      inviter: { id: string; organisationId: string; firstName: string; lastName: string },
      input: { email: string; firstName: string; lastName: string; role: User['role'] },
      organisationName: string,
    ) {
      const email = normaliseEmail(input.email)
      if (await findUserByEmail(db, email)) throw accountExists()
      const { link, registration } = await createJoinKey({
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        organisationId: inviter.organisationId,
        invitedBy: inviter.id,
        role: input.role,
        source: 'invitation',
      })
      await mail.queue({
        organisationId: inviter.organisationId,
        toAddress: email,
        subject: `${inviter.firstName} ${inviter.lastName} invited you to ${organisationName} on Dealcoach`,
        textBody: [
          `Hello ${input.firstName},`,
          '',
          `${inviter.firstName} ${inviter.lastName} invited you to join ${organisationName} on Dealcoach.`,
          'Open this link to choose your password and join:',
          '',
          link,
          '',
          `The link works once and expires in ${JOIN_KEY_TTL_HOURS} hours.`,
        ].join('\n'),
      })
      return registration
    },

    async registrationDetails(joinKey: string): Promise<RegistrationDetailsResponse> {
      const registration = await findUsableRegistration(joinKey)
      return {
        email: registration.email,
        firstname: registration.firstName,
        lastname: registration.lastName,
        organisation_name: registration.organisationId ? registration.organisationName : null,
      }
    },

    async confirmRegistration(body: ConfirmRegistrationBody): Promise<Session> {
      const registration = await findUsableRegistration(body.joinkey)
      const email = normaliseEmail(body.email)
      if (email !== normaliseEmail(registration.email)) {
        throw invalidField(
          'email',
          'does not match the address this registration link was sent to',
          'email_mismatch',
        )
      }
      const problem = passwordProblem(body.password, { email })
      if (problem) throw invalidField('password', problem, 'weak_password')
      if (await findUserByEmail(db, email)) throw accountExists()

      const user = await createAccount({
        email,
        firstName: body.firstname ?? registration.firstName,
        lastName: body.lastname ?? registration.lastName,
        passwordHash: await hashPassword(body.password),
        invitation: registration.organisationId
          ? { organisationId: registration.organisationId, role: registration.role }
          : undefined,
        claimRegistrationId: registration.id,
      })
      log.info({ userId: user.id, organisationId: user.organisationId }, 'registration completed')
      return issueSession(user)
    },

    providers() {
      const describe = (provider: 'google' | 'microsoft') => {
        const clientId = idTokens.clientId(provider)
        return clientId ? { client_id: clientId } : null
      }
      return { google: describe('google'), microsoft: describe('microsoft') }
    },

    async socialLogin(body: SocialAuthBody): Promise<Session> {
      const identity = await idTokens.verify(body.provider, body.token)
      let user = await findUserBySocialIdentity(db, identity.provider, identity.subject)
      if (!user && identity.email && identity.emailVerified) {
        user = await findUserByEmail(db, identity.email)
        if (user) {
          await insertSocialIdentity(db, {
            organisationId: user.organisationId,
            userId: user.id,
            provider: identity.provider,
            subject: identity.subject,
            email: identity.email,
          })
          log.info({ userId: user.id, provider: identity.provider }, 'linked social identity')
        }
      }
      if (!user) {
        throw new NotFound(
          'Account',
          'account_not_found',
          `No account is linked to this ${identity.provider} sign-in. Sign up first.`,
        )
      }
      log.info({ userId: user.id, provider: identity.provider }, 'signed in with social provider')
      return issueSession(user)
    },

    async socialSignup(body: SocialAuthBody): Promise<Session> {
      const identity = await idTokens.verify(body.provider, body.token)
      if (await findUserBySocialIdentity(db, identity.provider, identity.subject)) {
        throw accountExists()
      }
      if (!identity.email || !identity.emailVerified) {
        throw new Invalid([], {
          code: 'email_not_verified',
          message: `Your ${identity.provider} account has no verified e-mail address.`,
        })
      }
      if (await findUserByEmail(db, identity.email)) throw accountExists()
      const localPart = identity.email.split('@')[0] ?? identity.email
      const user = await createAccount({
        email: identity.email,
        firstName: identity.firstName || localPart,
        lastName: identity.lastName,
        passwordHash: null,
        identity,
      })
      log.info({ userId: user.id, provider: identity.provider }, 'signed up with social provider')
      return issueSession(user)
    },

    /**
     * Rotates the refresh token. A token that was already rotated is being replayed (stolen or
     * leaked): its whole family is revoked, which signs out every holder.
     */
    async refresh(refreshToken: string | undefined): Promise<Session> {
      if (!refreshToken) throw invalidRefreshToken()
      const stored = await findRefreshTokenByHash(db, hashOpaqueToken(refreshToken))
      if (!stored) throw invalidRefreshToken()
      if (stored.replacedBy) {
        await revokeRefreshTokenFamily(db, stored.familyId)
        log.warn({ userId: stored.userId }, 'refresh token reused: session family revoked')
        throw new Unauthenticated(
          'refresh_token_reused',
          'This session was used from somewhere else and has been ended. Sign in again.',
        )
      }
      if (stored.revokedAt || stored.expiresAt.getTime() <= Date.now()) {
        throw invalidRefreshToken()
      }
      const user = await findUserById(db, stored.userId)
      if (!user) throw invalidRefreshToken()

      const nextId = randomUUID()
      return db.transaction(async (tx) => {
        if (!(await markRefreshTokenReplaced(tx, stored.id, nextId))) {
          // Lost a race with a concurrent refresh of the same token (two tabs at once): the
          // winner keeps the session; a later replay of this token is caught as a reuse above.
          throw invalidRefreshToken()
        }
        // The family keeps its original expiry: re-authentication at least every 30 days.
        return issueSession(user, { id: stored.familyId, expiresAt: stored.expiresAt }, nextId, tx)
      })
    },

    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return
      const stored = await findRefreshTokenByHash(db, hashOpaqueToken(refreshToken))
      if (stored) await revokeRefreshTokenFamily(db, stored.familyId)
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>

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
