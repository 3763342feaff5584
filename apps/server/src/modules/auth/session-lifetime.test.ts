import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refreshTokens } from '../../db/schema/accounts.js'
import {
  bearer,
  claimsOf,
  GOOD_PASSWORD,
  refreshCookieOf,
  signedInFrom,
  signUp,
  uniqueIp,
  type SignedIn,
  refreshWith,
  errorCodeOf,
} from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { describeDevice } from './device-description.js'

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

interface SessionJson {
  id: string
  created_at: string
  last_used_at: string
  expires_at: string
  device: string | null
  ip: string | null
  keep_signed_in: boolean
  current: boolean
}

/** ADR 0018: idle and absolute session limits, and the sessions list (ASVS 3.3.2, 3.3.4). */
describe('session lifetime and the sessions list', () => {
  let testApp: TestApp
  const app = () => testApp.app

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false', APP_URL: 'http://dealcoach.test' })
  })
  afterAll(() => testApp.close())

  async function signIn(
    account: SignedIn,
    options: { keepSignedIn?: boolean; userAgent?: string; ip?: string } = {},
  ): Promise<SignedIn> {
    const response = await app().inject({
      method: 'POST',
      url: '/auth/email-login',
      remoteAddress: options.ip ?? uniqueIp(),
      headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
      payload: {
        email: account.email,
        password: GOOD_PASSWORD,
        ...(options.keepSignedIn === undefined ? {} : { keep_signed_in: options.keepSignedIn }),
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    return signedInFrom(response, account.email)
  }

  const refresh = (token: string, headers: Record<string, string> = {}) =>
    refreshWith(app(), token, headers)

  const sessionIdOf = (session: SignedIn) => String(claimsOf(session.accessToken).sid)

  /** Moves a session's clock back, as if its sign-in and last refresh were that long ago. */
  async function ageSession(session: SignedIn, ago: { sinceSignIn: string; sinceLastUse: string }) {
    await app()
      .db.update(refreshTokens)
      .set({
        sessionStartedAt: sql`now() - ${ago.sinceSignIn}::interval`,
        createdAt: sql`now() - ${ago.sinceLastUse}::interval`,
      })
      .where(eq(refreshTokens.familyId, sessionIdOf(session)))
  }

  const listSessions = (session: SignedIn) =>
    app().inject({
      method: 'GET',
      url: '/v1/users/me/sessions',
      headers: bearer(session.accessToken),
    })

  const me = (session: SignedIn) =>
    app().inject({ method: 'GET', url: '/v1/users/me', headers: bearer(session.accessToken) })

  describe('limits', () => {
    it('sets the idle deadline from each refresh, and a session cookie without "keep me signed in"', async () => {
      const account = await signUp(app())
      const before = Date.now()
      const response = await app().inject({
        method: 'POST',
        url: '/auth/email-login',
        remoteAddress: uniqueIp(),
        payload: { email: account.email, password: GOOD_PASSWORD },
      })
      expect(response.statusCode).toBe(200)
      expect(refreshCookieOf(response)?.expires).toBeUndefined()
      const session = signedInFrom(response, account.email)
      const [row] = await app()
        .db.select()
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, sessionIdOf(session)))
      expect(row?.remember).toBe(false)
      const hours = ((row?.expiresAt.getTime() ?? 0) - before) / 3_600_000
      expect(hours).toBeGreaterThanOrEqual(12)
      expect(hours).toBeLessThan(12.01)
    })

    it('ends a session idle for longer than 12 hours: 401 session_expired, family revoked', async () => {
      const account = await signUp(app())
      const session = await signIn(account)
      await ageSession(session, { sinceSignIn: '13 hours', sinceLastUse: '12 hours 1 minute' })

      const expired = await refresh(session.refreshToken)
      expect(expired.statusCode).toBe(401)
      expect(errorCodeOf(expired)).toBe('session_expired')
      expect(refreshCookieOf(expired)?.value).toBe('')
      const rows = await app()
        .db.select()
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, sessionIdOf(session)))
      expect(rows.every((row) => row.revokedAt !== null)).toBe(true)
      // Its access token ends with it.
      expect((await me(session)).statusCode).toBe(401)
    })

    it('slides the idle window on each refresh, up to the 24-hour absolute limit', async () => {
      const account = await signUp(app())
      const session = await signIn(account)
      await ageSession(session, { sinceSignIn: '11 hours', sinceLastUse: '11 hours' })
      const renewed = await refresh(session.refreshToken)
      expect(renewed.statusCode, renewed.body).toBe(200)
      const next = refreshCookieOf(renewed)?.value ?? ''
      const [row] = await app()
        .db.select()
        .from(refreshTokens)
        .where(
          sql`${refreshTokens.familyId} = ${sessionIdOf(session)} and ${refreshTokens.revokedAt} is null`,
        )
      // The absolute limit (13 h away) comes after the idle one (12 h away).
      const hours = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000
      expect(hours).toBeGreaterThan(11.9)
      expect(hours).toBeLessThanOrEqual(12)

      // Used an hour ago, but signed in 24 hours ago: over.
      await ageSession(session, { sinceSignIn: '24 hours 1 minute', sinceLastUse: '1 hour' })
      const expired = await refresh(next)
      expect(expired.statusCode).toBe(401)
      expect(errorCodeOf(expired)).toBe('session_expired')
    })

    it('keeps a "keep me signed in" session through 6 idle days, not past 30 days from sign-in', async () => {
      const account = await signUp(app())
      const session = await signIn(account, { keepSignedIn: true })
      await ageSession(session, { sinceSignIn: '6 days', sinceLastUse: '6 days' })
      const renewed = await refresh(session.refreshToken)
      expect(renewed.statusCode, renewed.body).toBe(200)
      const cookie = refreshCookieOf(renewed)
      const days = ((cookie?.expires?.getTime() ?? 0) - Date.now()) / 86_400_000
      expect(days).toBeGreaterThan(6.99)
      expect(days).toBeLessThanOrEqual(7)

      await ageSession(session, { sinceSignIn: '8 days', sinceLastUse: '7 days 1 minute' })
      expect(errorCodeOf(await refresh(cookie?.value ?? ''))).toBe('session_expired')

      const another = await signIn(account, { keepSignedIn: true })
      await ageSession(another, { sinceSignIn: '30 days 1 minute', sinceLastUse: '1 day' })
      expect(errorCodeOf(await refresh(another.refreshToken))).toBe('session_expired')
    })

    it('refuses a keep_signed_in that is not a boolean', async () => {
      const account = await signUp(app())
      const response = await app().inject({
        method: 'POST',
        url: '/auth/email-login',
        remoteAddress: uniqueIp(),
        payload: { email: account.email, password: GOOD_PASSWORD, keep_signed_in: 'yes' },
      })
      expect(response.statusCode).toBe(400)
      expect(errorCodeOf(response)).toBe('validation_failed')
    })
  })

  describe('GET /v1/users/me/sessions', () => {
    it('lists the live sessions with device, address and the current one first', async () => {
      const account = await signUp(app())
      const windows = await signIn(account, { userAgent: CHROME_ON_WINDOWS, ip: '198.51.100.7' })
      const phone = await signIn(account, {
        userAgent: SAFARI_ON_IPHONE,
        ip: '203.0.113.9',
        keepSignedIn: true,
      })
      await app().inject({
        method: 'GET',
        url: '/auth/logout',
        cookies: { refresh_token: account.refreshToken },
      })

      const response = await listSessions(windows)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const { models } = response.json<{ models: SessionJson[] }>()
      expect(models).toHaveLength(2)
      expect(models[0]).toEqual({
        id: sessionIdOf(windows),
        created_at: expect.stringMatching(/Z$/) as string,
        last_used_at: expect.stringMatching(/Z$/) as string,
        expires_at: expect.stringMatching(/Z$/) as string,
        device: 'Chrome on Windows',
        ip: '198.51.100.7',
        keep_signed_in: false,
        current: true,
      })
      expect(models[1]).toMatchObject({
        id: sessionIdOf(phone),
        device: 'Safari on iPhone',
        ip: '203.0.113.9',
        keep_signed_in: true,
        current: false,
      })
    })

    it('shows the device and address of the latest refresh, and keeps the sign-in time', async () => {
      const account = await signUp(app())
      const session = await signIn(account, { userAgent: CHROME_ON_WINDOWS })
      const [before] = (await listSessions(session)).json<{ models: SessionJson[] }>().models
      const renewed = await app().inject({
        method: 'GET',
        url: '/auth/refresh',
        remoteAddress: '192.0.2.44',
        cookies: { refresh_token: session.refreshToken },
        headers: { 'user-agent': FIREFOX_ON_LINUX },
      })
      expect(renewed.statusCode).toBe(200)
      const [after] = (await listSessions(session)).json<{ models: SessionJson[] }>().models
      expect(after).toMatchObject({ id: before?.id, device: 'Firefox on Linux', ip: '192.0.2.44' })
      expect(after?.created_at).toBe(before?.created_at)
      expect((after?.last_used_at ?? '') >= (before?.last_used_at ?? '')).toBe(true)
    })

    it('is 401 without a token', async () => {
      const response = await app().inject({ method: 'GET', url: '/v1/users/me/sessions' })
      expect(response.statusCode).toBe(401)
    })
  })

  describe('ending sessions', () => {
    it('ends one session: its refresh cookie and access token stop working at once', async () => {
      const account = await signUp(app())
      const other = await signIn(account)
      expect((await me(other)).statusCode).toBe(200)

      const ended = await app().inject({
        method: 'DELETE',
        url: `/v1/users/me/sessions/${sessionIdOf(other)}`,
        headers: bearer(account.accessToken),
      })
      expect(ended.statusCode, ended.body).toBe(204)
      expect((await me(other)).statusCode).toBe(401)
      expect((await refresh(other.refreshToken)).statusCode).toBe(401)
      // The caller's own session is untouched.
      expect((await me(account)).statusCode).toBe(200)
      const again = await app().inject({
        method: 'DELETE',
        url: `/v1/users/me/sessions/${sessionIdOf(other)}`,
        headers: bearer(account.accessToken),
      })
      expect(again.statusCode).toBe(404)
      expect(errorCodeOf(again)).toBe('session_not_found')
    })

    it("answers 404 for another user's session and leaves it alone", async () => {
      const alice = await signUp(app())
      const bob = await signUp(app())
      const response = await app().inject({
        method: 'DELETE',
        url: `/v1/users/me/sessions/${sessionIdOf(bob)}`,
        headers: bearer(alice.accessToken),
      })
      expect(response.statusCode).toBe(404)
      expect(errorCodeOf(response)).toBe('session_not_found')
      expect((await me(bob)).statusCode).toBe(200)
      const bad = await app().inject({
        method: 'DELETE',
        url: '/v1/users/me/sessions/not-a-uuid',
        headers: bearer(alice.accessToken),
      })
      expect(bad.statusCode).toBe(400)
      expect(errorCodeOf(bad)).toBe('validation_failed')
    })

    it('ends every other session and keeps the current one', async () => {
      const account = await signUp(app())
      const second = await signIn(account)
      const third = await signIn(account)
      const response = await app().inject({
        method: 'DELETE',
        url: '/v1/users/me/sessions',
        headers: bearer(account.accessToken),
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual({ ended: 2 })
      expect((await me(second)).statusCode).toBe(401)
      expect((await me(third)).statusCode).toBe(401)
      expect((await me(account)).statusCode).toBe(200)
      expect((await refresh(account.refreshToken)).statusCode).toBe(200)
      const { models } = (await listSessions(account)).json<{ models: SessionJson[] }>()
      expect(models.map((model) => model.current)).toEqual([true])
    })

    it('ends the current session too with include_current=true, in any case', async () => {
      const account = await signUp(app())
      const other = await signIn(account)
      const response = await app().inject({
        method: 'DELETE',
        url: '/v1/users/me/sessions?include_current=True',
        headers: bearer(account.accessToken),
      })
      expect(response.json()).toEqual({ ended: 2 })
      expect((await me(account)).statusCode).toBe(401)
      expect((await me(other)).statusCode).toBe(401)
    })
  })
})

describe('describeDevice', () => {
  it.each([
    [CHROME_ON_WINDOWS, 'Chrome on Windows'],
    [SAFARI_ON_IPHONE, 'Safari on iPhone'],
    [FIREFOX_ON_LINUX, 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', null],
    [undefined, null],
  ])('%s → %s', (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected)
  })
})
