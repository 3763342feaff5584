import { randomUUID } from 'node:crypto'
import { ACCESS_TOKEN_TTL_SECONDS, type EmailLoginBody } from '@dealcoach/contracts/auth'
import type { UserSession } from '@dealcoach/contracts/sessions'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig, SessionLimits } from '../../config.js'
import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import { NotFound } from '../../lib/domain-errors.js'
import { findUserByEmail, findUserById, type User } from './accounts.repository.js'
import { signAccessToken } from './access-token.js'
import type { LiveSessions } from './live-sessions.js'
import {
  invalidCredentials,
  invalidRefreshToken,
  refreshTokenReused,
  refreshTokenSuperseded,
  sessionExpired,
} from './auth-errors.js'
import {
  claimAttempts,
  releaseAttempt,
  resetThrottle,
  type ThrottleTarget,
} from './auth-throttle.service.js'
import {
  findRefreshTokenByHash,
  insertRefreshToken,
  listLiveRefreshTokens,
  revokeLiveRefreshTokenFamilies,
  lockRefreshTokenByHash,
  markRefreshTokenReplaced,
  revokeRefreshTokenFamily,
  type RefreshToken,
} from './auth.repository.js'
import { describeDevice } from './device-description.js'
import { normaliseEmail } from './normalise-email.js'
import { createOpaqueToken, hashOpaqueToken } from './opaque-token.js'
import { verifyPassword } from './password.js'

/**
 * How long a just-rotated refresh token is taken for a concurrent refresh (another tab, a retried
 * request) rather than a copy: long enough for a slow network, short for a thief.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30

type RefreshOutcome =
  | { kind: 'rotated'; session: Session }
  | { kind: 'superseded' }
  | { kind: 'reused'; userId: string; familyId: string }
  | { kind: 'expired'; familyId: string }
  | { kind: 'invalid' }

/** A signed-in session: the access token for the body, the refresh token for the cookie. */
export interface Session {
  accessToken: string
  expiresIn: number
  refreshToken: string
  refreshExpiresAt: Date
  /** "Keep me signed in": the cookie outlives the browser; otherwise it is a session cookie. */
  keepSignedIn: boolean
}

/** Who a token is issued to, as the request tells it: shown in the sessions list. */
export interface SessionClient {
  userAgent: string | undefined
  ip: string
  keepSignedIn?: boolean | null
}

const MAX_USER_AGENT_LENGTH = 512

interface Family {
  id: string
  startedAt: Date
  keepSignedIn: boolean
}

/**
 * When a token issued at `issuedAt` stops working: the idle limit from its issue (each refresh
 * slides it) or the absolute limit from the sign-in, whichever comes first.
 */
export function sessionDeadline(limits: SessionLimits, startedAt: Date, issuedAt: Date): Date {
  return new Date(
    Math.min(
      issuedAt.getTime() + limits.idleSeconds * 1000,
      startedAt.getTime() + limits.absoluteSeconds * 1000,
    ),
  )
}

function toUserSession(token: RefreshToken, currentSessionId: string): UserSession {
  return {
    id: token.familyId,
    created_at: token.sessionStartedAt.toISOString(),
    last_used_at: token.createdAt.toISOString(),
    expires_at: token.expiresAt.toISOString(),
    device: describeDevice(token.userAgent),
    ip: token.ip,
    keep_signed_in: token.remember,
    current: token.familyId === currentSessionId,
  }
}

/** Sign-in with a password, refresh-token rotation, sign-out, and issuing the tokens of a session. */
export function createSessionService(deps: {
  db: Database
  config: AppConfig
  log: FastifyBaseLogger
  liveSessions: LiveSessions
}) {
  const { db, config, log, liveSessions } = deps

  const limitsOf = (keepSignedIn: boolean) =>
    keepSignedIn ? config.sessionLifetime.remembered : config.sessionLifetime.standard

  /** Starts a new session (a refresh-token family), or continues one when rotating. */
  async function issueSession(
    user: User,
    family: Family,
    client: SessionClient,
    tokenId: string = randomUUID(),
    database: Database = db,
  ): Promise<Session> {
    const refreshToken = createOpaqueToken()
    const expiresAt = sessionDeadline(limitsOf(family.keepSignedIn), family.startedAt, new Date())
    await insertRefreshToken(database, {
      id: tokenId,
      organisationId: user.organisationId,
      userId: user.id,
      familyId: family.id,
      tokenHash: hashOpaqueToken(refreshToken),
      expiresAt,
      sessionStartedAt: family.startedAt,
      remember: family.keepSignedIn,
      userAgent: client.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
      ip: client.ip,
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
      refreshExpiresAt: expiresAt,
      keepSignedIn: family.keepSignedIn,
    }
  }

  const newFamily = (client: SessionClient): Family => ({
    id: randomUUID(),
    startedAt: new Date(),
    keepSignedIn: client.keepSignedIn ?? false,
  })

  /** Whether a token's session is past its idle or absolute limit (as configured now). */
  function isPastLimits(stored: {
    expiresAt: Date
    createdAt: Date
    sessionStartedAt: Date
    remember: boolean
  }): boolean {
    const deadline = sessionDeadline(
      limitsOf(stored.remember),
      stored.sessionStartedAt,
      stored.createdAt,
    )
    const now = Date.now()
    return stored.expiresAt.getTime() <= now || deadline.getTime() <= now
  }

  return {
    /** A new session for a user who has just proved who they are (registered, social sign-in). */
    start: (user: User, client: SessionClient): Promise<Session> =>
      issueSession(user, newFamily(client), client),

    async emailLogin(body: EmailLoginBody, client: SessionClient): Promise<Session> {
      const { ip } = client
      const email = normaliseEmail(body.email)
      const account: ThrottleTarget = { scope: 'loginAccount', subject: email }
      const address: ThrottleTarget = { scope: 'loginIp', subject: ip }
      // Counted before the password is checked; a failure leaves the counts as they are.
      await claimAttempts(db, [address, account])

      const user = await findUserByEmail(db, email)
      const valid = await verifyPassword(user?.passwordHash ?? null, body.password)
      if (!user || !valid) throw invalidCredentials()
      await resetThrottle(db, account)
      await releaseAttempt(db, address)
      log.info({ userId: user.id }, 'signed in with e-mail and password')
      return issueSession(user, newFamily({ ...client, keepSignedIn: body.keep_signed_in }), client)
    },

    /**
     * Rotates the refresh token. Read and rotation happen in one transaction holding the token's
     * row lock, so concurrent refreshes of one token (several tabs) are serialised: the first
     * rotates, the others see it was replaced moments ago and get a 401 that ends nothing. A token
     * replayed after that grace window was copied (stolen or leaked): its whole family is revoked,
     * which signs out every holder. A session past its idle or absolute limit (ADR 0018) is ended.
     */
    async refresh(refreshToken: string | undefined, client: SessionClient): Promise<Session> {
      if (!refreshToken) throw invalidRefreshToken()
      const tokenHash = hashOpaqueToken(refreshToken)
      const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
        const stored = await lockRefreshTokenByHash(tx, tokenHash, REFRESH_REUSE_GRACE_SECONDS)
        if (!stored) return { kind: 'invalid' }
        if (stored.replacedBy) {
          if (stored.replacedRecently) return { kind: 'superseded' }
          await revokeRefreshTokenFamily(tx, stored.familyId)
          return { kind: 'reused', userId: stored.userId, familyId: stored.familyId }
        }
        if (stored.revokedAt) return { kind: 'invalid' }
        if (isPastLimits(stored)) {
          await revokeRefreshTokenFamily(tx, stored.familyId)
          return { kind: 'expired', familyId: stored.familyId }
        }
        const user = await findUserById(tx, stored.userId)
        if (!user) return { kind: 'invalid' }
        const nextId = randomUUID()
        await markRefreshTokenReplaced(tx, stored.id, nextId)
        // The family keeps its sign-in time and choice, so the absolute limit never slides.
        const family: Family = {
          id: stored.familyId,
          startedAt: stored.sessionStartedAt,
          keepSignedIn: stored.remember,
        }
        // The successor records the device and address of this refresh, not of the sign-in.
        const session = await issueSession(user, family, client, nextId, tx)
        return { kind: 'rotated', session }
      })
      switch (outcome.kind) {
        case 'rotated':
          return outcome.session
        case 'superseded':
          throw refreshTokenSuperseded()
        case 'reused':
          // Thrown outside the transaction so that the family's revocation is committed.
          liveSessions.forgetSession(outcome.familyId)
          log.warn({ userId: outcome.userId }, 'refresh token reused: session family revoked')
          throw refreshTokenReused()
        case 'expired':
          liveSessions.forgetSession(outcome.familyId)
          throw sessionExpired()
        case 'invalid':
          throw invalidRefreshToken()
      }
    },

    /** The caller's live sessions, each with its latest token's device and address. */
    async listSessions(caller: AuthUser): Promise<UserSession[]> {
      const tokens = await listLiveRefreshTokens(db, caller.organisationId, caller.id)
      const sessions = tokens.map((token) => toUserSession(token, caller.sessionId))
      // The current session first: the one a person looks for before the others.
      return sessions.sort((a, b) => Number(b.current) - Number(a.current))
    },

    /** Ends one of the caller's sessions; anyone else's id is not found, like an unknown one. */
    async endSession(caller: AuthUser, sessionId: string): Promise<void> {
      const owner = { organisationId: caller.organisationId, userId: caller.id }
      const ended = await revokeLiveRefreshTokenFamilies(db, owner, { familyId: sessionId })
      if (ended.length === 0)
        throw new NotFound('Session', 'session_not_found', 'Session not found')
      liveSessions.forgetSession(sessionId)
      log.info({ userId: caller.id }, 'ended a session from the sessions list')
    },

    /** Ends every other session of the caller, or every one with `includeCurrent`. */
    async endSessions(caller: AuthUser, includeCurrent: boolean): Promise<number> {
      const owner = { organisationId: caller.organisationId, userId: caller.id }
      const ended = await revokeLiveRefreshTokenFamilies(db, owner, {
        exceptFamilyId: includeCurrent ? null : caller.sessionId,
      })
      for (const familyId of ended) liveSessions.forgetSession(familyId)
      log.info({ userId: caller.id, ended: ended.length, includeCurrent }, 'ended sessions')
      return ended.length
    },

    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return
      const stored = await findRefreshTokenByHash(db, hashOpaqueToken(refreshToken))
      if (!stored) return
      await revokeRefreshTokenFamily(db, stored.familyId)
      liveSessions.forgetSession(stored.familyId)
    },
  }
}

export type SessionService = ReturnType<typeof createSessionService>
