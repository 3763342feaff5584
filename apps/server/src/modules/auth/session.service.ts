import { randomUUID } from 'node:crypto'
import { ACCESS_TOKEN_TTL_SECONDS, type EmailLoginBody } from '@dealcoach/contracts/auth'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../../config.js'
import type { Database } from '../../db/client.js'
import { findUserByEmail, findUserById, type User } from './accounts.repository.js'
import { signAccessToken } from './access-token.js'
import type { LiveSessions } from './live-sessions.js'
import {
  invalidCredentials,
  invalidRefreshToken,
  refreshTokenReused,
  refreshTokenSuperseded,
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
  lockRefreshTokenByHash,
  markRefreshTokenReplaced,
  revokeRefreshTokenFamily,
} from './auth.repository.js'
import { normaliseEmail } from './normalise-email.js'
import { createOpaqueToken, hashOpaqueToken } from './opaque-token.js'
import { verifyPassword } from './password.js'

export const REFRESH_TOKEN_TTL_DAYS = 30

/**
 * How long a just-rotated refresh token is taken for a concurrent refresh (another tab, a retried
 * request) rather than a copy: long enough for a slow network, short for a thief.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30

type RefreshOutcome =
  | { kind: 'rotated'; session: Session }
  | { kind: 'superseded' }
  | { kind: 'reused'; userId: string; familyId: string }
  | { kind: 'invalid' }

/** A signed-in session: the access token for the body, the refresh token for the cookie. */
export interface Session {
  accessToken: string
  expiresIn: number
  refreshToken: string
  refreshExpiresAt: Date
}

/** Sign-in with a password, refresh-token rotation, sign-out, and issuing the tokens of a session. */
export function createSessionService(deps: {
  db: Database
  config: AppConfig
  log: FastifyBaseLogger
  liveSessions: LiveSessions
}) {
  const { db, config, log, liveSessions } = deps

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

  return {
    /** A new session for a user who has just proved who they are (registered, social sign-in). */
    start: (user: User): Promise<Session> => issueSession(user),

    async emailLogin(body: EmailLoginBody, ip: string): Promise<Session> {
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
      return issueSession(user)
    },

    /**
     * Rotates the refresh token. Read and rotation happen in one transaction holding the token's
     * row lock, so concurrent refreshes of one token (several tabs) are serialised: the first
     * rotates, the others see it was replaced moments ago and get a 401 that ends nothing. A token
     * replayed after that grace window was copied (stolen or leaked): its whole family is revoked,
     * which signs out every holder.
     */
    async refresh(refreshToken: string | undefined): Promise<Session> {
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
        if (stored.revokedAt || stored.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' }
        const user = await findUserById(tx, stored.userId)
        if (!user) return { kind: 'invalid' }
        const nextId = randomUUID()
        await markRefreshTokenReplaced(tx, stored.id, nextId)
        // The family keeps its original expiry: re-authentication at least every 30 days.
        const family = { id: stored.familyId, expiresAt: stored.expiresAt }
        return { kind: 'rotated', session: await issueSession(user, family, nextId, tx) }
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
        case 'invalid':
          throw invalidRefreshToken()
      }
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
