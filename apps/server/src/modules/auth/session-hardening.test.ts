import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authThrottle, refreshTokens } from '../../db/schema/accounts.js'
import {
  bearer,
  claimsOf,
  GOOD_PASSWORD,
  refreshCookieOf,
  signedInFrom,
  signUp,
  uniqueIp,
  passwordLogin,
  refreshWith,
  errorCodeOf,
} from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { throttleKey } from './auth-throttle.service.js'
import { createLiveSessions, LIVE_SESSION_CACHE_SECONDS } from './live-sessions.js'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** Issue 18: sessions that survive several tabs, and that end when they should. */
describe('session hardening', () => {
  let testApp: TestApp
  const app = () => testApp.app

  const refresh = (token: string, headers: Record<string, string> = {}) =>
    refreshWith(app(), token, headers)

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false', APP_URL: 'http://dealcoach.test' })
  })
  afterAll(() => testApp.close())

  describe('concurrent refreshes (several tabs)', () => {
    it('lets one win and keeps the session for the others', async () => {
      const session = await signUp(app())
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => refresh(session.refreshToken)),
      )

      const winners = answers.filter((answer) => answer.statusCode === 200)
      expect(winners).toHaveLength(1)
      const losers = answers.filter((answer) => answer.statusCode !== 200)
      for (const loser of losers) {
        expect(loser.statusCode).toBe(401)
        expect(errorCodeOf(loser)).toBe('refresh_token_superseded')
        // The browser keeps the winner's cookie: a loser must not clear it.
        expect(refreshCookieOf(loser)).toBeUndefined()
      }

      const next = refreshCookieOf(winners[0]!)?.value ?? ''
      const again = await refresh(next)
      expect(again.statusCode).toBe(200)
      const family = await app()
        .db.select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, session.userId))
      // The original, the winner's and the one just issued: nothing was revoked as theft.
      expect(family).toHaveLength(3)
      expect(family.filter((token) => token.revokedAt === null)).toHaveLength(1)
    })

    it('still treats a replay after the grace window as theft and ends the family', async () => {
      const session = await signUp(app())
      const first = await refresh(session.refreshToken)
      const current = refreshCookieOf(first)?.value ?? ''
      await app()
        .db.update(refreshTokens)
        .set({ revokedAt: sql`now() - interval '31 seconds'` })
        .where(eq(refreshTokens.tokenHash, sha256(session.refreshToken)))

      const replay = await refresh(session.refreshToken)
      expect(replay.statusCode).toBe(401)
      expect(errorCodeOf(replay)).toBe('refresh_token_reused')
      expect(refreshCookieOf(replay)?.value).toBe('')

      const holder = await refresh(current)
      expect(holder.statusCode).toBe(401)
      expect(errorCodeOf(holder)).toBe('invalid_refresh_token')
    })
  })

  describe('access tokens end with their session', () => {
    const me = (accessToken: string) =>
      app().inject({ method: 'GET', url: '/v1/users/me', headers: bearer(accessToken) })
    const login = async (email: string) => {
      const response = await passwordLogin(app(), email)
      expect(response.statusCode, response.body).toBe(200)
      return signedInFrom(response, email)
    }
    const expectEnded = (response: LightMyRequestResponse) => {
      expect(response.statusCode).toBe(401)
      expect(errorCodeOf(response)).toBe('unauthorized')
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
    }

    it('refuses the access token of a session that logged out', async () => {
      const session = await signUp(app())
      const other = await login(session.email)
      expect((await me(session.accessToken)).statusCode).toBe(200)

      const logout = await app().inject({
        method: 'GET',
        url: '/auth/logout',
        cookies: { refresh_token: session.refreshToken },
      })
      expect(logout.statusCode).toBe(204)

      expectEnded(await me(session.accessToken))
      // The user's other session is not affected.
      expect((await me(other.accessToken)).statusCode).toBe(200)
    })

    it('refuses the access tokens of the other sessions after a password change', async () => {
      const session = await signUp(app())
      const other = await login(session.email)
      expect((await me(other.accessToken)).statusCode).toBe(200)

      const change = await app().inject({
        method: 'POST',
        url: '/v1/users/me/password',
        headers: bearer(session.accessToken),
        payload: { current_password: GOOD_PASSWORD, new_password: 'a brand new passphrase 42' },
      })
      expect(change.statusCode, change.body).toBeLessThan(300)

      expectEnded(await me(other.accessToken))
      expect((await me(session.accessToken)).statusCode).toBe(200)
    })

    it('refuses the access token of a session revoked as stolen', async () => {
      const session = await signUp(app())
      const first = await refresh(session.refreshToken)
      const access = first.json<{ access_token: string }>().access_token
      expect((await me(access)).statusCode).toBe(200)
      await app()
        .db.update(refreshTokens)
        .set({ revokedAt: sql`now() - interval '31 seconds'` })
        .where(eq(refreshTokens.tokenHash, sha256(session.refreshToken)))
      expect((await refresh(session.refreshToken)).statusCode).toBe(401)

      expectEnded(await me(access))
    })
  })

  describe('the live-session cache', () => {
    it('hears of a revocation by another replica within its cache time', async () => {
      const session = await signUp(app())
      const sid = String(claimsOf(session.accessToken).sid)
      let clock = Date.now()
      const replica = createLiveSessions({ db: app().db, now: () => clock })
      expect(await replica.isLive(session.userId, sid)).toBe(true)

      // Another replica ends the session: this one still believes its cached answer...
      await app()
        .db.update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(eq(refreshTokens.familyId, sid))
      expect(await replica.isLive(session.userId, sid)).toBe(true)
      // ...until it expires.
      clock += LIVE_SESSION_CACHE_SECONDS * 1000 + 1
      expect(await replica.isLive(session.userId, sid)).toBe(false)
    })

    it('refuses a session of another user and ids that are not UUIDs', async () => {
      const session = await signUp(app())
      const other = await signUp(app())
      const sid = String(claimsOf(session.accessToken).sid)
      const sessions = createLiveSessions({ db: app().db })
      expect(await sessions.isLive(other.userId, sid)).toBe(false)
      expect(await sessions.isLive(session.userId, 'bench')).toBe(false)
    })
  })

  describe('lock-out under parallel guesses', () => {
    const login = (email: string, password: string) => passwordLogin(app(), email, password)

    it('checks no more guesses than the limit, then refuses even the right password', async () => {
      const account = await signUp(app())
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(account.email, `wrong password ${i}`)),
      )
      const statuses = answers.map((answer) => answer.statusCode)
      // 5 per account (ADR 0004): only that many reached the password check.
      expect(statuses.filter((status) => status === 401)).toHaveLength(5)
      expect(statuses.filter((status) => status === 429)).toHaveLength(15)
      for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
        expect(errorCodeOf(refused)).toBe('rate_limited')
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      }

      const right = await login(account.email, GOOD_PASSWORD)
      expect(right.statusCode).toBe(429)
      expect(errorCodeOf(right)).toBe('rate_limited')
    })

    it('does not spend the address allowance on sign-ins that succeed', async () => {
      const account = await signUp(app())
      const ip = uniqueIp()
      for (let i = 0; i < 3; i++) {
        const response = await passwordLogin(app(), account.email, GOOD_PASSWORD, ip)
        expect(response.statusCode).toBe(200)
      }
      const [counter] = await app()
        .db.select()
        .from(authThrottle)
        .where(eq(authThrottle.key, throttleKey({ scope: 'loginIp', subject: ip })))
      expect(counter?.failures ?? 0).toBe(0)
    })
  })

  describe('the cookie-driven GETs (refresh, logout)', () => {
    const logout = (token: string, headers: Record<string, string> = {}) =>
      app().inject({
        method: 'GET',
        url: '/auth/logout',
        cookies: { refresh_token: token },
        headers,
      })

    it('refuses cross-site navigations, leaving the session as it was', async () => {
      const session = await signUp(app())
      const crossSite = { 'sec-fetch-site': 'cross-site' }

      const refused = await refresh(session.refreshToken, crossSite)
      expect(refused.statusCode).toBe(403)
      expect(refused.json<{ error: unknown }>().error).toEqual({
        code: 'cross_site_request',
        message: expect.any(String) as string,
      })
      expect(refused.headers['cache-control']).toBe('no-store')
      expect(refreshCookieOf(refused)).toBeUndefined()

      const signOut = await logout(session.refreshToken, crossSite)
      expect(signOut.statusCode).toBe(403)
      expect(errorCodeOf(signOut)).toBe('cross_site_request')

      // Neither touched the session: the same cookie still refreshes.
      expect((await refresh(session.refreshToken)).statusCode).toBe(200)
    })

    it('lets same-origin, same-site, direct and header-less requests through', async () => {
      const session = await signUp(app())
      let cookie = session.refreshToken
      for (const site of ['same-origin', 'same-site', 'none', undefined]) {
        const headers: Record<string, string> = site ? { 'sec-fetch-site': site } : {}
        const answer = await refresh(cookie, headers)
        expect(answer.statusCode, site).toBe(200)
        expect(answer.headers['cache-control']).toBe('no-store')
        cookie = refreshCookieOf(answer)?.value ?? ''
      }
      const signOut = await logout(cookie, { 'sec-fetch-site': 'same-origin' })
      expect(signOut.statusCode).toBe(204)
      expect(signOut.headers['cache-control']).toBe('no-store')
    })

    it('sends no-store on failures too', async () => {
      const failed = await refresh('not-a-token')
      expect(failed.statusCode).toBe(401)
      expect(failed.headers['cache-control']).toBe('no-store')
      const anonymous = await app().inject({ method: 'GET', url: '/auth/logout' })
      expect(anonymous.statusCode).toBe(204)
      expect(anonymous.headers['cache-control']).toBe('no-store')
    })

    it('answers HEAD with 405, GET only, without rotating or ending the session', async () => {
      const session = await signUp(app())
      for (const url of ['/auth/refresh', '/auth/logout']) {
        const head = await app().inject({
          method: 'HEAD',
          url,
          cookies: { refresh_token: session.refreshToken },
        })
        expect(head.statusCode, url).toBe(405)
        expect(head.headers.allow, url).toBe('GET')
        expect(refreshCookieOf(head)).toBeUndefined()
      }
      expect((await refresh(session.refreshToken)).statusCode).toBe(200)
    })
  })
})
