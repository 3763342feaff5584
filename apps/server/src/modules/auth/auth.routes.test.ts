import { createHash } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authThrottle, refreshTokens, registrations, users } from '../../db/schema/accounts.js'
import { objectionTypes } from '../../db/schema/objection-types.js'
import { organisations } from '../../db/schema/organisations.js'
import { actions, pipelines, stages } from '../../db/schema/pipelines.js'
import {
  bearer,
  claimsOf,
  GOOD_PASSWORD,
  joinKeySentTo,
  latestEmailTo,
  refreshCookieOf,
  signedInFrom,
  signUp,
  uniqueEmail,
  uniqueIp,
  passwordLogin,
  refreshWith,
} from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { createAuthCleanupService } from './auth-cleanup.service.js'

type ErrorJson = {
  error: {
    code: string
    message: string
    details?: { path: string; message: string; code?: string }[]
  }
}

describe('authentication', () => {
  let testApp: TestApp
  const app = () => testApp.app

  const register = (email: string, ip = uniqueIp(), extra: Record<string, unknown> = {}) =>
    app().inject({
      method: 'POST',
      url: '/auth/email-registration',
      remoteAddress: ip,
      payload: { email, firstname: 'Grace', lastname: 'Hopper', ...extra },
    })
  const confirm = (payload: Record<string, unknown>) =>
    app().inject({ method: 'POST', url: '/auth/confirm-email-password-registration', payload })
  const login = (email: string, password: string, ip?: string) =>
    passwordLogin(app(), email, password, ip)
  const refresh = (token?: string) => refreshWith(app(), token)
  const me = (accessToken: string) =>
    app().inject({ method: 'GET', url: '/v1/users/me', headers: bearer(accessToken) })

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false', APP_URL: 'http://dealcoach.test' })
  })
  afterAll(() => testApp.close())

  describe('registration', () => {
    it('e-mails a single-use join key and stores only its hash', async () => {
      const email = uniqueEmail('grace')
      const response = await register(email, uniqueIp(), { source: 'website' })
      expect(response.statusCode).toBe(202)
      expect(response.json()).toEqual({ status: 'sent' })

      const mail = await latestEmailTo(app(), email)
      expect(mail?.textBody).toMatch(
        /http:\/\/dealcoach\.test\/complete_registration\/[A-Za-z0-9_-]{43}\b/,
      )
      const joinkey = await joinKeySentTo(app(), email)
      const [row] = await app()
        .db.select()
        .from(registrations)
        .where(eq(registrations.email, email))
      expect(row?.joinKeyHash).toBe(createHash('sha256').update(joinkey).digest('hex'))
      expect(JSON.stringify(row)).not.toContain(joinkey)
      expect(row?.source).toBe('website')
      const hours = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000
      expect(hours).toBeGreaterThan(71.9)
      expect(hours).toBeLessThanOrEqual(72)

      const details = await app().inject({ method: 'GET', url: `/register/${joinkey}` })
      expect(details.statusCode).toBe(200)
      expect(details.json()).toEqual({
        email,
        firstname: 'Grace',
        lastname: 'Hopper',
        organisation_name: null,
      })
    })

    it('answers the same for an address that already has an account, e-mailing a sign-in hint', async () => {
      const existing = await signUp(app())
      const response = await register(existing.email.toUpperCase())
      expect(response.statusCode).toBe(202)
      expect(response.json()).toEqual({ status: 'sent' })
      const mail = await latestEmailTo(app(), existing.email)
      expect(mail?.subject).toMatch(/already have/i)
      expect(mail?.textBody).toContain('http://dealcoach.test/login')
      expect(mail?.textBody).not.toContain('complete_registration')
    })

    it('creates the user, an organisation seeded with the defaults, and signs in', async () => {
      const email = uniqueEmail('ada', 'acme-corp.com')
      await register(email)
      const joinkey = await joinKeySentTo(app(), email)
      const response = await confirm({
        email,
        password: GOOD_PASSWORD,
        joinkey,
        is_perform_registration: false,
        firstname: 'Ada',
        lastname: 'Lovelace',
      })
      expect(response.statusCode).toBe(201)
      const body = response.json<{ access_token: string }>()
      expect(body).toEqual({
        access_token: expect.any(String) as string,
        token_type: 'Bearer',
        expires_in: 900,
      })
      expect(response.headers['cache-control']).toBe('no-store')

      const cookie = refreshCookieOf(response)
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth' })
      expect(cookie?.secure).toBeFalsy()
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
      // Not "keep me signed in": a browser-session cookie (ADR 0018).
      expect(cookie?.expires).toBeUndefined()

      const claims = claimsOf(body.access_token)
      expect(claims).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', role: 'admin' })
      expect((claims.exp as number) - (claims.iat as number)).toBe(900)
      const organisationId = String(claims.organisation)

      const [organisation] = await app()
        .db.select()
        .from(organisations)
        .where(eq(organisations.id, organisationId))
      expect(organisation?.name).toBe('Acme Corp')
      const [user] = await app()
        .db.select()
        .from(users)
        .where(eq(users.id, String(claims.sub)))
      expect(user).toMatchObject({ email, role: 'admin', organisationId })
      expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)

      const types = await app()
        .db.select()
        .from(objectionTypes)
        .where(eq(objectionTypes.organisationId, organisationId))
      expect(types).toHaveLength(9)
      expect(
        types.every((t) => t.source === 'system' && t.approved && t.active && !t.deleted),
      ).toBe(true)
      expect(types.map((t) => t.name)).toContain('Price / budget')

      const pipelineRows = await app()
        .db.select()
        .from(pipelines)
        .where(eq(pipelines.organisationId, organisationId))
      expect(pipelineRows.map((p) => [p.name, p.active])).toEqual([['New Business', true]])
      const stageRows = await app()
        .db.select()
        .from(stages)
        .where(eq(stages.organisationId, organisationId))
        .orderBy(asc(stages.position))
      expect(stageRows.map((s) => s.name)).toEqual(['Discovery', 'Demo', 'Proposal', 'Negotiation'])
      const actionRows = await app()
        .db.select()
        .from(actions)
        .where(eq(actions.organisationId, organisationId))
      expect(actionRows).toHaveLength(15)
      const perStage = stageRows.map((s) => actionRows.filter((a) => a.stageId === s.id).length)
      expect(perStage).toEqual([5, 4, 3, 3])
      expect(actionRows.map((a) => a.name)).toContain('Confirm who signs and when')

      const profile = await me(body.access_token)
      expect(profile.json()).toMatchObject({
        email,
        first_name: 'Ada',
        role: 'admin',
        organisation: { id: organisationId, name: 'Acme Corp' },
      })
    })

    it("names a webmail user's organisation after them", async () => {
      const email = uniqueEmail('grace', 'gmail.com')
      const session = await signUp(app(), { email, firstname: 'Grace' })
      const profile = await me(session.accessToken)
      expect(profile.json()).toMatchObject({ organisation: { name: "Grace's workspace" } })
    })

    it('refuses a used join key with 410 join_key_used, also when completing twice', async () => {
      const email = uniqueEmail()
      await register(email)
      const joinkey = await joinKeySentTo(app(), email)
      expect((await confirm({ email, password: GOOD_PASSWORD, joinkey })).statusCode).toBe(201)

      const again = await confirm({ email, password: GOOD_PASSWORD, joinkey })
      expect(again.statusCode).toBe(410)
      expect(again.json<ErrorJson>().error.code).toBe('join_key_used')
      const details = await app().inject({ method: 'GET', url: `/register/${joinkey}` })
      expect(details.statusCode).toBe(410)
      expect(details.json<ErrorJson>().error.code).toBe('join_key_used')
    })

    it('lets only one of two concurrent completions use a key', async () => {
      const email = uniqueEmail()
      await register(email)
      const joinkey = await joinKeySentTo(app(), email)
      const answers = await Promise.all([
        confirm({ email, password: GOOD_PASSWORD, joinkey }),
        confirm({ email, password: GOOD_PASSWORD, joinkey }),
      ])
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, expect.any(Number)])
      expect([409, 410]).toContain(answers.map((a) => a.statusCode).sort()[1])
      const rows = await app().db.select().from(users).where(eq(users.email, email))
      expect(rows).toHaveLength(1)
    })

    it('refuses an expired join key with 410 join_key_expired', async () => {
      const email = uniqueEmail()
      await register(email)
      const joinkey = await joinKeySentTo(app(), email)
      await app()
        .db.update(registrations)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(registrations.email, email))

      const details = await app().inject({ method: 'GET', url: `/register/${joinkey}` })
      expect(details.statusCode).toBe(410)
      expect(details.json<ErrorJson>().error.code).toBe('join_key_expired')
      const completed = await confirm({ email, password: GOOD_PASSWORD, joinkey })
      expect(completed.statusCode).toBe(410)
      expect(completed.json<ErrorJson>().error.code).toBe('join_key_expired')
    })

    it('answers 404 join_key_not_found for an unknown key', async () => {
      const response = await app().inject({ method: 'GET', url: '/register/not-a-real-key' })
      expect(response.statusCode).toBe(404)
      expect(response.json<ErrorJson>().error.code).toBe('join_key_not_found')
      const completed = await confirm({
        email: uniqueEmail(),
        password: GOOD_PASSWORD,
        joinkey: 'not-a-real-key',
      })
      expect(completed.statusCode).toBe(404)
    })

    it('refuses short, common and own-address passwords with the field path and reason', async () => {
      const email = uniqueEmail()
      await register(email)
      const joinkey = await joinKeySentTo(app(), email)
      // A weak password's detail carries a stable reason; the schema's length limits come first.
      const cases: [string, string, string | undefined][] = [
        ['short', 'validation_failed', undefined],
        ['x'.repeat(129), 'validation_failed', undefined],
        ['qwerty123456', 'weak_password', 'common'],
        ['1q2w3e4r5t6y', 'weak_password', 'common'],
        ['qqqqqqqqqqqqqqqq', 'weak_password', 'repeated_character'],
        [email, 'weak_password', 'matches_email'],
      ]
      for (const [password, code, reason] of cases) {
        const response = await confirm({ email, password, joinkey })
        expect(response.statusCode, password).toBe(400)
        const { error } = response.json<ErrorJson>()
        expect(error.code, password).toBe(code)
        expect(error.details?.[0]?.path, password).toBe('body.password')
        expect(error.details?.[0]?.message, password).toMatch(/characters|common|repeated|e-mail/)
        expect(error.details?.[0]?.code, password).toBe(reason)
      }
      // Nothing was used up: the key still works with a good password of 128 characters.
      const longest = 'Zürich café '.repeat(11).slice(0, 128)
      expect((await confirm({ email, password: longest, joinkey })).statusCode).toBe(201)
      expect((await login(email, longest)).statusCode).toBe(200)
      // No truncation: a prefix of the password is not the password.
      expect((await login(email, longest.slice(0, 127))).statusCode).toBe(401)
    })

    it('refuses a join key used with another e-mail address', async () => {
      const email = uniqueEmail()
      await register(email)
      const joinkey = await joinKeySentTo(app(), email)
      const response = await confirm({ email: uniqueEmail(), password: GOOD_PASSWORD, joinkey })
      expect(response.statusCode).toBe(400)
      expect(response.json<ErrorJson>().error).toMatchObject({
        code: 'email_mismatch',
        details: [{ path: 'body.email' }],
      })
    })

    it('answers malformed bodies with 400 and the field paths', async () => {
      const registration = await app().inject({
        method: 'POST',
        url: '/auth/email-registration',
        payload: { email: 'not-an-email', firstname: '', lastname: 42 },
      })
      expect(registration.statusCode).toBe(400)
      expect(
        registration
          .json<ErrorJson>()
          .error.details?.map((d) => d.path)
          .sort(),
      ).toEqual(['body.email', 'body.firstname', 'body.lastname'])

      const loginResponse = await app().inject({
        method: 'POST',
        url: '/auth/email-login',
        payload: { email: 'a@b.example' },
      })
      expect(loginResponse.statusCode).toBe(400)
      expect(loginResponse.json<ErrorJson>().error.details?.map((d) => d.path)).toEqual([
        'body.password',
      ])

      const confirmation = await confirm({ email: 'a@b.example', password: GOOD_PASSWORD })
      expect(confirmation.statusCode).toBe(400)
      expect(confirmation.json<ErrorJson>().error.details?.map((d) => d.path)).toEqual([
        'body.joinkey',
      ])
    })

    it('throttles registration e-mails per address: 429 with Retry-After', async () => {
      const email = uniqueEmail()
      for (let i = 0; i < 5; i++) {
        expect((await register(email)).statusCode).toBe(202)
      }
      const throttled = await register(email)
      expect(throttled.statusCode).toBe(429)
      expect(throttled.json<ErrorJson>().error.code).toBe('rate_limited')
      const retryAfter = Number(throttled.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(3500)
      expect(retryAfter).toBeLessThanOrEqual(3600)
      // The counter keys are hashes: no e-mail address is stored in the throttle table.
      const keys = await app().db.select({ key: authThrottle.key }).from(authThrottle)
      expect(keys.some((row) => row.key.includes(email))).toBe(false)
    })
  })

  describe('e-mail login', () => {
    it('signs in with the right password', async () => {
      const account = await signUp(app())
      const response = await login(account.email.toUpperCase(), GOOD_PASSWORD)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        access_token: expect.any(String) as string,
        token_type: 'Bearer',
        expires_in: 900,
      })
      const session = signedInFrom(response, account.email)
      expect(session.userId).toBe(account.userId)
      expect((await me(session.accessToken)).statusCode).toBe(200)
    })

    it('answers a wrong password and an unknown e-mail identically', async () => {
      const account = await signUp(app())
      const wrong = await login(account.email, 'not the right password')
      const unknown = await login(uniqueEmail('nobody'), 'not the right password')
      expect(wrong.statusCode).toBe(401)
      expect(unknown.statusCode).toBe(401)
      expect(wrong.json()).toEqual(unknown.json())
      expect(wrong.json<ErrorJson>().error.code).toBe('invalid_credentials')
      expect(refreshCookieOf(wrong)).toBeUndefined()
    })

    it('locks an account after 5 failures (429, Retry-After), even for the right password', async () => {
      const account = await signUp(app())
      for (let i = 0; i < 5; i++) {
        expect((await login(account.email, `wrong password ${i}`)).statusCode).toBe(401)
      }
      const locked = await login(account.email, GOOD_PASSWORD, uniqueIp())
      expect(locked.statusCode).toBe(429)
      expect(locked.json<ErrorJson>().error.code).toBe('rate_limited')
      const retryAfter = Number(locked.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(800)
      expect(retryAfter).toBeLessThanOrEqual(900)

      // Unknown addresses are throttled the same way, so lock-outs reveal nothing.
      const nobody = uniqueEmail('nobody')
      for (let i = 0; i < 5; i++) await login(nobody, 'wrong password!')
      expect((await login(nobody, 'wrong password!')).statusCode).toBe(429)
    })

    it('resets the account counter after a successful sign-in', async () => {
      const account = await signUp(app())
      for (let i = 0; i < 4; i++) await login(account.email, 'wrong password!')
      expect((await login(account.email, GOOD_PASSWORD)).statusCode).toBe(200)
      for (let i = 0; i < 4; i++) {
        expect((await login(account.email, 'wrong password!')).statusCode).toBe(401)
      }
      expect((await login(account.email, GOOD_PASSWORD)).statusCode).toBe(200)
    })

    it('throttles one IP address after 50 failures across accounts', async () => {
      const ip = uniqueIp()
      for (let i = 0; i < 50; i++) {
        expect((await login(uniqueEmail('spray'), 'password spraying', ip)).statusCode).toBe(401)
      }
      const account = await signUp(app())
      const blocked = await login(account.email, GOOD_PASSWORD, ip)
      expect(blocked.statusCode).toBe(429)
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
      // Another address is not affected.
      expect((await login(account.email, GOOD_PASSWORD, uniqueIp())).statusCode).toBe(200)
    })
  })

  describe('access tokens', () => {
    const sign = (
      claims: Record<string, unknown>,
      exp: number,
      secret = testApp.config.jwtSecret,
    ) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub as string)
        .setIssuedAt(exp - 900)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret))

    it('answers 401 unauthorized without, with an expired or with a forged token', async () => {
      const account = await signUp(app())
      const claims = claimsOf(account.accessToken)
      const now = Math.floor(Date.now() / 1000)

      const missing = await app().inject({ method: 'GET', url: '/v1/users/me' })
      expect(missing.statusCode).toBe(401)
      expect(missing.json<ErrorJson>().error.code).toBe('unauthorized')
      expect(missing.headers['www-authenticate']).toBe('Bearer')

      const expired = await me(await sign(claims, now - 60))
      expect(expired.statusCode).toBe(401)
      expect(expired.json<ErrorJson>().error).toMatchObject({
        code: 'unauthorized',
        message: expect.stringMatching(/expired/) as string,
      })
      expect(expired.headers['www-authenticate']).toContain('invalid_token')

      const forged = await me(await sign(claims, now + 600, 'another-secret-another-secret-0123'))
      expect(forged.statusCode).toBe(401)

      const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
        JSON.stringify({ ...claims, exp: now + 600 }),
      ).toString('base64url')}.`
      expect((await me(unsigned)).statusCode).toBe(401)
      expect((await me('garbage')).statusCode).toBe(401)

      const valid = await me(await sign(claims, now + 600))
      expect(valid.statusCode).toBe(200)
    })
  })

  describe('refresh and logout', () => {
    it('rotates the refresh cookie on every refresh', async () => {
      const session = await signUp(app())
      const first = await refresh(session.refreshToken)
      expect(first.statusCode).toBe(200)
      expect(first.json()).toEqual({
        access_token: expect.any(String) as string,
        token_type: 'Bearer',
        expires_in: 900,
      })
      const rotated = refreshCookieOf(first)
      expect(rotated?.value).toBeTruthy()
      expect(rotated?.value).not.toBe(session.refreshToken)
      expect(rotated).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth' })
      expect(claimsOf(first.json<{ access_token: string }>().access_token).sid).toBe(
        claimsOf(session.accessToken).sid,
      )
      expect((await me(first.json<{ access_token: string }>().access_token)).statusCode).toBe(200)

      const second = await refresh(rotated?.value)
      expect(second.statusCode).toBe(200)
      expect(refreshCookieOf(second)?.value).not.toBe(rotated?.value)

      const [old] = await app()
        .db.select()
        .from(refreshTokens)
        .where(
          eq(
            refreshTokens.tokenHash,
            createHash('sha256').update(session.refreshToken).digest('hex'),
          ),
        )
      expect(old?.replacedBy).toBeTruthy()
      expect(old?.revokedAt).toBeInstanceOf(Date)
    })

    it('revokes the whole family when a rotated token is reused', async () => {
      const session = await signUp(app())
      const first = await refresh(session.refreshToken)
      const current = refreshCookieOf(first)?.value
      // Past the grace window that concurrent refreshes from other tabs get.
      await app()
        .db.update(refreshTokens)
        .set({ revokedAt: sql`now() - interval '31 seconds'` })
        .where(
          eq(
            refreshTokens.tokenHash,
            createHash('sha256').update(session.refreshToken).digest('hex'),
          ),
        )

      const replay = await refresh(session.refreshToken)
      expect(replay.statusCode).toBe(401)
      expect(replay.json<ErrorJson>().error.code).toBe('refresh_token_reused')

      // The legitimate holder's newest token is revoked with the family.
      const after = await refresh(current)
      expect(after.statusCode).toBe(401)
      expect(after.json<ErrorJson>().error.code).toBe('invalid_refresh_token')
      const family = await app()
        .db.select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, session.userId))
      expect(family.length).toBeGreaterThanOrEqual(2)
      expect(family.every((token) => token.revokedAt !== null)).toBe(true)
    })

    it('answers 401 invalid_refresh_token for a missing, unknown or expired token', async () => {
      const missing = await refresh()
      expect(missing.statusCode).toBe(401)
      expect(missing.json<ErrorJson>().error.code).toBe('invalid_refresh_token')
      expect((await refresh('unknown-token')).json<ErrorJson>().error.code).toBe(
        'invalid_refresh_token',
      )

      const session = await signUp(app())
      await app()
        .db.update(refreshTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(and(eq(refreshTokens.userId, session.userId)))
      const expired = await refresh(session.refreshToken)
      expect(expired.statusCode).toBe(401)
      expect(expired.json<ErrorJson>().error.code).toBe('session_expired')
      // The browser is told to forget the dead cookie.
      expect(refreshCookieOf(expired)?.value).toBe('')
    })

    it('logs out: 204, the cookie is cleared and the session cannot be refreshed', async () => {
      const session = await signUp(app())
      const response = await app().inject({
        method: 'GET',
        url: '/auth/logout',
        cookies: { refresh_token: session.refreshToken },
      })
      expect(response.statusCode).toBe(204)
      expect(response.body).toBe('')
      const cleared = refreshCookieOf(response)
      expect(cleared?.value).toBe('')
      expect(cleared?.path).toBe('/auth')
      expect(cleared?.expires?.getTime()).toBeLessThan(Date.now())

      const afterwards = await refresh(session.refreshToken)
      expect(afterwards.statusCode).toBe(401)
      expect(afterwards.json<ErrorJson>().error.code).toBe('invalid_refresh_token')

      // Logging out without a session is harmless.
      expect((await app().inject({ method: 'GET', url: '/auth/logout' })).statusCode).toBe(204)
    })
  })

  it('reports that no social provider is configured', async () => {
    const response = await app().inject({ method: 'GET', url: '/auth/providers' })
    expect(response.json()).toEqual({ google: null, microsoft: null })
    const social = await app().inject({
      method: 'POST',
      url: '/auth/social-login',
      payload: { provider: 'google', token: 'x.y.z' },
    })
    expect(social.statusCode).toBe(400)
    expect(social.json<ErrorJson>().error.code).toBe('provider_not_enabled')
  })

  it('purges expired throttle counters, refresh tokens and old registrations', async () => {
    const session = await signUp(app())
    const email = uniqueEmail('stale')
    await register(email)
    await app()
      .db.insert(authThrottle)
      .values([
        { key: 'test:stale', failures: 3, windowStartedAt: sql`now() - interval '2 days'` },
        { key: 'test:fresh', failures: 3 },
      ])
    await app()
      .db.update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '2 days'` })
      .where(eq(refreshTokens.userId, session.userId))
    await app()
      .db.update(registrations)
      .set({ expiresAt: sql`now() - interval '31 days'` })
      .where(eq(registrations.email, email))

    await createAuthCleanupService({ db: app().db }).purgeExpired()

    const keys = (await app().db.select({ key: authThrottle.key }).from(authThrottle)).map(
      (row) => row.key,
    )
    expect(keys).toContain('test:fresh')
    expect(keys).not.toContain('test:stale')
    expect(
      await app().db.select().from(refreshTokens).where(eq(refreshTokens.userId, session.userId)),
    ).toEqual([])
    expect(
      await app().db.select().from(registrations).where(eq(registrations.email, email)),
    ).toEqual([])
  })
})
