import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordResets } from '../../db/schema/accounts.js'
import {
  bearer,
  emailsTo,
  GOOD_PASSWORD,
  latestEmailTo,
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

const NEW_PASSWORD = 'a brand new passphrase'
const RESET_LINK = /http:\/\/dealcoach\.test\/reset-password\/([A-Za-z0-9_-]{43})\b/

describe('password reset', () => {
  let testApp: TestApp
  const app = () => testApp.app

  const requestReset = (email: string, ip = uniqueIp()) =>
    app().inject({
      method: 'POST',
      url: '/auth/password-reset',
      remoteAddress: ip,
      payload: { email },
    })
  const confirmReset = (token: string, password = NEW_PASSWORD) =>
    app().inject({
      method: 'POST',
      url: '/auth/password-reset/confirm',
      payload: { token, password },
    })
  const login = (email: string, password: string) => passwordLogin(app(), email, password)
  const refresh = (token: string) => refreshWith(app(), token)

  /** The token of the newest reset link e-mailed to `email`. */
  async function tokenSentTo(email: string): Promise<string> {
    const mail = await latestEmailTo(app(), email)
    const token = RESET_LINK.exec(mail?.textBody ?? '')?.[1]
    if (!token) throw new Error(`no reset link was e-mailed to ${email}`)
    return token
  }

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false', APP_URL: 'http://dealcoach.test' })
  })
  afterAll(() => testApp.close())

  it('answers the same for a known and an unknown address; only the known one gets a link', async () => {
    const user = await signUp(app())
    const nobody = uniqueEmail('nobody')

    const known = await requestReset(user.email.toUpperCase())
    const unknown = await requestReset(nobody)
    expect(known.statusCode).toBe(202)
    expect(unknown.statusCode).toBe(202)
    expect(known.json()).toEqual({ status: 'sent' })
    expect(unknown.body).toBe(known.body)

    const linkMail = await latestEmailTo(app(), user.email)
    expect(linkMail?.subject).toBe('Reset your Dealcoach password')
    expect(linkMail?.textBody).toMatch(RESET_LINK)
    const noAccountMail = await latestEmailTo(app(), nobody)
    expect(noAccountMail?.subject).toBe(linkMail?.subject)
    expect(noAccountMail?.textBody).not.toContain('/reset-password/')
  })

  it('stores only the hash of a token that expires in 30 minutes', async () => {
    const user = await signUp(app())
    await requestReset(user.email)
    const token = await tokenSentTo(user.email)

    const rows = await app()
      .db.select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.userId))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(rows)).not.toContain(token)
    const minutes = ((rows[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(29.9)
    expect(minutes).toBeLessThanOrEqual(30)
  })

  it('sets the password, ends every session, e-mails a notice, and works only once', async () => {
    const user = await signUp(app())
    await requestReset(user.email)
    const token = await tokenSentTo(user.email)

    const confirmed = await confirmReset(token)
    expect(confirmed.statusCode, confirmed.body).toBe(204)

    expect((await login(user.email, GOOD_PASSWORD)).statusCode).toBe(401)
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200)
    const oldSession = await refresh(user.refreshToken)
    expect(oldSession.statusCode).toBe(401)
    expect(oldSession.json<ErrorJson>().error.code).toBe('invalid_refresh_token')

    const notice = await latestEmailTo(app(), user.email)
    expect(notice?.subject).toBe('Your Dealcoach password was changed')
    expect(notice?.textBody).not.toContain(token)

    const again = await confirmReset(token, 'yet another good passphrase')
    expect(again.statusCode).toBe(400)
    expect(again.json<ErrorJson>().error.code).toBe('reset_link_used')
    expect(again.json<ErrorJson>().error.details?.[0]?.path).toBe('body.token')
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('refuses an unknown and an expired link at body.token', async () => {
    const unknown = await confirmReset('not-a-token-anyone-was-sent')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json<ErrorJson>().error.code).toBe('reset_link_invalid')
    expect(unknown.json<ErrorJson>().error.details?.[0]?.path).toBe('body.token')

    const user = await signUp(app())
    await requestReset(user.email)
    const token = await tokenSentTo(user.email)
    await app()
      .db.update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, user.userId))

    const expired = await confirmReset(token)
    expect(expired.statusCode).toBe(400)
    expect(expired.json<ErrorJson>().error.code).toBe('reset_link_expired')
    expect(expired.json<ErrorJson>().error.details?.[0]?.path).toBe('body.token')
    expect((await login(user.email, GOOD_PASSWORD)).statusCode).toBe(200)
  })

  it('refuses a weak password at body.password and keeps the link usable', async () => {
    const user = await signUp(app())
    await requestReset(user.email)
    const token = await tokenSentTo(user.email)

    const common = await confirmReset(token, 'password1234')
    expect(common.statusCode).toBe(400)
    expect(common.json<ErrorJson>().error.code).toBe('weak_password')
    expect(common.json<ErrorJson>().error.details?.[0]).toMatchObject({
      path: 'body.password',
      code: 'common',
    })
    const short = await confirmReset(token, 'short')
    expect(short.statusCode).toBe(400)
    expect(short.json<ErrorJson>().error.details?.[0]?.path).toBe('body.password')

    expect((await confirmReset(token)).statusCode).toBe(204)
  })

  it('voids the older link when a newer one is requested', async () => {
    const user = await signUp(app())
    await requestReset(user.email)
    const older = await tokenSentTo(user.email)
    await requestReset(user.email)
    const newer = await tokenSentTo(user.email)
    expect(newer).not.toBe(older)

    const stale = await confirmReset(older)
    expect(stale.statusCode).toBe(400)
    expect(stale.json<ErrorJson>().error.code).toBe('reset_link_invalid')
    expect((await confirmReset(newer)).statusCode).toBe(204)
  })

  it('throttles per address and per IP: 429 with Retry-After', async () => {
    const email = uniqueEmail('flood')
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await requestReset(email)).statusCode).toBe(202)
    }
    const throttled = await requestReset(email)
    expect(throttled.statusCode).toBe(429)
    expect(throttled.json<ErrorJson>().error.code).toBe('rate_limited')
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0)
    expect(await emailsTo(app(), email)).toHaveLength(5)

    const ip = uniqueIp()
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect((await requestReset(uniqueEmail('spray'), ip)).statusCode).toBe(202)
    }
    expect((await requestReset(uniqueEmail('spray'), ip)).statusCode).toBe(429)
  })

  it('e-mails the notice after a password change while signed in too (ASVS 2.2.3)', async () => {
    const user = await signUp(app())
    const changed = await app().inject({
      method: 'POST',
      url: '/v1/users/me/password',
      headers: bearer(user.accessToken),
      payload: { current_password: GOOD_PASSWORD, new_password: NEW_PASSWORD },
    })
    expect(changed.statusCode, changed.body).toBe(204)
    const notice = await latestEmailTo(app(), user.email)
    expect(notice?.subject).toBe('Your Dealcoach password was changed')
  })

  it('purges links 30 days after they expired; until then they answer "expired"', async () => {
    const user = await signUp(app())
    await requestReset(user.email)
    const token = await tokenSentTo(user.email)
    const ageLink = (days: number) =>
      app()
        .db.update(passwordResets)
        .set({ expiresAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(passwordResets.userId, user.userId))
    const cleanUp = () => createAuthCleanupService({ db: app().db }).purgeExpired()

    await ageLink(29)
    await cleanUp()
    expect((await confirmReset(token)).json<ErrorJson>().error.code).toBe('reset_link_expired')
    await ageLink(31)
    await cleanUp()
    expect((await confirmReset(token)).json<ErrorJson>().error.code).toBe('reset_link_invalid')
  })

  it('answers malformed bodies with 400 and the field path', async () => {
    const badEmail = await requestReset('not an address')
    expect(badEmail.statusCode).toBe(400)
    expect(badEmail.json<ErrorJson>().error.details?.[0]?.path).toBe('body.email')
    const noToken = await app().inject({
      method: 'POST',
      url: '/auth/password-reset/confirm',
      payload: { password: NEW_PASSWORD },
    })
    expect(noToken.statusCode).toBe(400)
    expect(noToken.json<ErrorJson>().error.details?.[0]?.path).toBe('body.token')
  })
})
