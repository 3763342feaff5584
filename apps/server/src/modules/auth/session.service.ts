import { randomUUID } from 'node:crypto'
import { ACCESS_TOKEN_TTL_SECONDS, type EmailLoginBody } from '@dealcoach/contracts/auth'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../../config.js'
import type { Database } from '../../db/client.js'
import { Unauthenticated } from '../../lib/domain-errors.js'
import { findUserByEmail, findUserById, type User } from './accounts.repository.js'
import { signAccessToken } from './access-token.js'
import { invalidCredentials, invalidRefreshToken } from './auth-errors.js'
import {
  assertNotThrottled,
  recordFailures,
  resetThrottle,
  type ThrottleTarget,
} from './auth-throttle.service.js'
import {
  findRefreshTokenByHash,
  insertRefreshToken,
  markRefreshTokenReplaced,
  revokeRefreshTokenFamily,
} from './auth.repository.js'
import { normaliseEmail } from './normalise-email.js'
import { createOpaqueToken, hashOpaqueToken } from './opaque-token.js'
import { verifyPassword } from './password.js'

export const REFRESH_TOKEN_TTL_DAYS = 30

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
}) {
  const { db, config, log } = deps

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

export type SessionService = ReturnType<typeof createSessionService>
