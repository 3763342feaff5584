import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { socialIdentities, usedIdTokens, users } from '../../db/schema/accounts.js'
import { objectionTypes } from '../../db/schema/objection-types.js'
import {
  bearer,
  claimsOf,
  emailsTo,
  GOOD_PASSWORD,
  latestEmailTo,
  refreshCookieOf,
  signUp,
  uniqueEmail,
  uniqueIp,
  passwordLogin,
} from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { createAuthCleanupService } from './auth-cleanup.service.js'

type ErrorJson = { error: { code: string; details?: { path: string }[] } }

const GOOGLE_CLIENT_ID = 'google-client-id.apps.googleusercontent.com'
const MICROSOFT_CLIENT_ID = '00000000-1111-2222-3333-444444444444'
const TENANT_ID = '72f988bf-86f1-41af-91ab-2d7cd011db47'

describe('social sign-in with Google and Microsoft ID tokens', () => {
  let testApp: TestApp
  let jwksServer: Server
  let providerKey: CryptoKey
  let strangerKey: CryptoKey
  const app = () => testApp.app

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256')
    providerKey = pair.privateKey
    strangerKey = (await generateKeyPair('RS256')).privateKey
    const jwk: JWK = {
      ...(await exportJWK(pair.publicKey)),
      kid: 'test-key',
      alg: 'RS256',
      use: 'sig',
    }
    jwksServer = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ keys: [jwk] }))
    })
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve))
    const { port } = jwksServer.address() as AddressInfo
    testApp = await createTestApp({
      RUN_WORKERS: 'false',
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/google/certs`,
      MICROSOFT_CLIENT_ID,
      MICROSOFT_JWKS_URL: `http://127.0.0.1:${port}/microsoft/keys`,
    })
  })
  afterAll(async () => {
    await testApp.close()
    await new Promise((resolve) => jwksServer.close(resolve))
  })

  interface TokenOptions {
    claims?: Record<string, unknown>
    issuer?: string
    audience?: string
    expiresAt?: number
    key?: CryptoKey
    /** The token's id; a fresh one by default (as Google's tokens carry), none when null. */
    jti?: string | null
  }

  const now = () => Math.floor(Date.now() / 1000)

  function idToken(subject: string, options: TokenOptions = {}) {
    const exp = options.expiresAt ?? now() + 600
    const jti = options.jti === undefined ? randomUUID() : options.jti
    return new SignJWT({ ...(jti !== null && { jti }), ...options.claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setSubject(subject)
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? GOOGLE_CLIENT_ID)
      .setIssuedAt(exp - 3600)
      .setExpirationTime(exp)
      .sign(options.key ?? providerKey)
  }

  const googleClaims = (email: string, verified = true) => ({
    email,
    email_verified: verified,
    given_name: 'Gloria',
    family_name: 'Google',
  })

  const microsoftToken = (subject: string, options: TokenOptions = {}) =>
    idToken(subject, {
      issuer: `https://login.microsoftonline.com/${TENANT_ID}/v2.0`,
      audience: MICROSOFT_CLIENT_ID,
      ...options,
      claims: { tid: TENANT_ID, ...options.claims },
    })

  const identitiesOf = async (userId: string) =>
    (await app().db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId))).map(
      (identity) => [identity.provider, identity.subject],
    )

  const social = (path: 'social-login' | 'social-signup', provider: string, token: string) =>
    app().inject({ method: 'POST', url: `/auth/${path}`, payload: { provider, token } })

  it('lists the configured providers with their client ids', async () => {
    const response = await app().inject({ method: 'GET', url: '/auth/providers' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      google: { client_id: GOOGLE_CLIENT_ID },
      microsoft: { client_id: MICROSOFT_CLIENT_ID },
    })
  })

  it('answers 404 account_not_found for an unknown identity', async () => {
    const token = await idToken('google-unknown', { claims: googleClaims(uniqueEmail()) })
    const response = await social('social-login', 'google', token)
    expect(response.statusCode).toBe(404)
    expect(response.json<ErrorJson>().error.code).toBe('account_not_found')
  })

  it('signs up with Google (user, seeded organisation, identity), then signs in', async () => {
    const email = uniqueEmail('gloria', 'gmail.com')
    const token = await idToken('google-subject-1', { claims: googleClaims(email) })
    const signup = await social('social-signup', 'google', token)
    expect(signup.statusCode, signup.body).toBe(201)
    expect(signup.json()).toEqual({
      access_token: expect.any(String) as string,
      token_type: 'Bearer',
      expires_in: 900,
    })
    expect(refreshCookieOf(signup)?.httpOnly).toBe(true)
    const claims = claimsOf(signup.json<{ access_token: string }>().access_token)
    expect(claims).toMatchObject({ first_name: 'Gloria', last_name: 'Google', role: 'admin' })

    const [user] = await app()
      .db.select()
      .from(users)
      .where(eq(users.id, String(claims.sub)))
    expect(user).toMatchObject({ email, passwordHash: null, role: 'admin' })
    const identities = await app()
      .db.select()
      .from(socialIdentities)
      .where(eq(socialIdentities.userId, String(claims.sub)))
    expect(identities.map((i) => [i.provider, i.subject])).toEqual([['google', 'google-subject-1']])
    const types = await app()
      .db.select()
      .from(objectionTypes)
      .where(eq(objectionTypes.organisationId, String(claims.organisation)))
    expect(types).toHaveLength(9)

    const login = await social(
      'social-login',
      'google',
      await idToken('google-subject-1', { claims: googleClaims(email) }),
    )
    expect(login.statusCode).toBe(200)
    expect(claimsOf(login.json<{ access_token: string }>().access_token).sub).toBe(claims.sub)
    expect(refreshCookieOf(login)?.expires).toBeUndefined()

    // "Keep me signed in" (ADR 0018): a persistent cookie for the 7-day idle window.
    const kept = await app().inject({
      method: 'POST',
      url: '/auth/social-login',
      payload: {
        provider: 'google',
        // A fresh token: each ID token signs in once (ADR 0019).
        token: await idToken('google-subject-1', { claims: googleClaims(email) }),
        keep_signed_in: true,
      },
    })
    expect(kept.statusCode).toBe(200)
    const days = ((refreshCookieOf(kept)?.expires?.getTime() ?? 0) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)

    const again = await social('social-signup', 'google', token)
    expect(again.statusCode).toBe(409)
    expect(again.json<ErrorJson>().error.code).toBe('account_exists')
  })

  it('refuses tokens with the wrong audience, expired, wrong issuer or a foreign key', async () => {
    const claims = googleClaims(uniqueEmail())
    const bad = [
      await idToken('g-aud', { claims, audience: 'someone-elses-client' }),
      await idToken('g-exp', { claims, expiresAt: now() - 3600 }),
      await idToken('g-iss', { claims, issuer: 'https://accounts.evil.example' }),
      await idToken('g-key', { claims, key: strangerKey }),
      'not-a-jwt',
    ]
    for (const token of bad) {
      for (const path of ['social-login', 'social-signup'] as const) {
        const response = await social(path, 'google', token)
        expect(response.statusCode, `${path} ${token.slice(-12)}`).toBe(401)
        expect(response.json<ErrorJson>().error.code).toBe('invalid_token')
      }
    }
    // A Google-audience token is not accepted as a Microsoft one.
    const google = await idToken('g-cross', { claims })
    expect((await social('social-login', 'microsoft', google)).statusCode).toBe(401)
  })

  const socialWithPassword = (token: string, password: string, ip = '10.9.9.9') =>
    app().inject({
      method: 'POST',
      url: '/auth/social-login',
      remoteAddress: ip,
      payload: { provider: 'google', token, password },
    })

  it('links a verified e-mail to a password account only with its password, never an unverified one', async () => {
    const account = await signUp(app())
    const unverified = await idToken('google-unverified', {
      claims: googleClaims(account.email, false),
    })
    expect((await social('social-login', 'google', unverified)).statusCode).toBe(404)

    const verified = await idToken('google-verified', { claims: googleClaims(account.email) })
    const refused = await social('social-login', 'google', verified)
    expect(refused.statusCode).toBe(409)
    expect(refused.json<ErrorJson>().error.code).toBe('password_required_to_link')
    expect(await identitiesOf(account.userId)).toEqual([])

    const wrong = await socialWithPassword(verified, 'not the password', uniqueIp())
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json<ErrorJson>().error.code).toBe('invalid_credentials')
    expect(await identitiesOf(account.userId)).toEqual([])

    // The same token may be retried with the password: refusals do not use it up.
    const response = await socialWithPassword(verified, GOOD_PASSWORD, uniqueIp())
    expect(response.statusCode, response.body).toBe(200)
    expect(claimsOf(response.json<{ access_token: string }>().access_token).sub).toBe(
      account.userId,
    )
    expect(await identitiesOf(account.userId)).toEqual([['google', 'google-verified']])
    const me = await app().inject({
      method: 'GET',
      url: '/v1/users/me',
      headers: bearer(response.json<{ access_token: string }>().access_token),
    })
    expect(me.json()).toMatchObject({ id: account.userId, email: account.email })

    // Linked now: a new token signs in without the password.
    const next = await idToken('google-verified', { claims: googleClaims(account.email) })
    expect((await social('social-login', 'google', next)).statusCode).toBe(200)
  })

  it('e-mails the owner when a sign-in method is linked, with a fixed subject (ASVS 2.2.3)', async () => {
    const account = await signUp(app(), { firstname: 'Nora' })
    const before = (await emailsTo(app(), account.email)).length
    const token = await idToken('google-notice', {
      claims: { ...googleClaims(account.email), given_name: 'Evil <b>subject</b>' },
    })
    expect((await socialWithPassword(token, GOOD_PASSWORD, uniqueIp())).statusCode).toBe(200)
    const emails = await emailsTo(app(), account.email)
    expect(emails).toHaveLength(before + 1)
    const notice = await latestEmailTo(app(), account.email)
    expect(notice?.subject).toBe('A sign-in method was added to your Dealcoach account')
    expect(notice?.textBody).toContain('Hello Nora,')
    expect(notice?.textBody).toContain('Signing in with Google was just linked')
    expect(notice?.textBody).not.toContain('Evil')
  })

  it('throttles password guesses made through linking like sign-ins', async () => {
    const account = await signUp(app())
    const ip = uniqueIp()
    const token = await idToken('google-guess', { claims: googleClaims(account.email) })
    for (let i = 0; i < 5; i += 1) {
      expect((await socialWithPassword(token, `guess number ${i}`, ip)).statusCode).toBe(401)
    }
    const locked = await socialWithPassword(token, GOOD_PASSWORD, ip)
    expect(locked.statusCode).toBe(429)
    expect(locked.json<ErrorJson>().error.code).toBe('rate_limited')
    // The account's lock holds for its password sign-in too.
    const login = await passwordLogin(app(), account.email)
    expect(login.statusCode).toBe(429)
  })

  it('refuses to link to an account without a password: it signs in another way', async () => {
    const email = uniqueEmail('paula', 'gmail.com')
    const signup = await social(
      'social-signup',
      'google',
      await idToken('google-paula', { claims: googleClaims(email) }),
    )
    expect(signup.statusCode).toBe(201)
    const microsoft = await microsoftToken('ms-paula', {
      claims: { email, xms_edov: true, name: 'Paula P' },
    })
    const response = await social('social-login', 'microsoft', microsoft)
    expect(response.statusCode).toBe(409)
    expect(response.json<ErrorJson>().error.code).toBe('sign_in_to_link')
  })

  it('refuses a replayed ID token, by jti or else by issuer, subject, issue time and nonce', async () => {
    const email = uniqueEmail('rita', 'gmail.com')
    const first = await idToken('google-rita', { claims: googleClaims(email) })
    expect((await social('social-signup', 'google', first)).statusCode).toBe(201)
    const replayed = await social('social-login', 'google', first)
    expect(replayed.statusCode).toBe(401)
    expect(replayed.json<ErrorJson>().error.code).toBe('id_token_replayed')

    const withoutJti = await idToken('google-rita', {
      claims: { ...googleClaims(email), nonce: 'n-1' },
      jti: null,
    })
    expect((await social('social-login', 'google', withoutJti)).statusCode).toBe(200)
    const again = await social('social-login', 'google', withoutJti)
    expect(again.statusCode).toBe(401)
    expect(again.json<ErrorJson>().error.code).toBe('id_token_replayed')
    // Another nonce makes another token.
    const otherNonce = await idToken('google-rita', {
      claims: { ...googleClaims(email), nonce: 'n-2' },
      jti: null,
    })
    expect((await social('social-login', 'google', otherNonce)).statusCode).toBe(200)

    const [row] = await app().db.select().from(usedIdTokens).limit(1)
    expect(row?.key).toMatch(/^[0-9a-f]{64}$/)
  })

  it('forgets used ID tokens once they have expired (auth clean-up)', async () => {
    await app()
      .db.insert(usedIdTokens)
      .values({ key: 'expired-test-key', expiresAt: new Date(Date.now() - 60_000) })
    await createAuthCleanupService({ db: app().db }).purgeExpired()
    const rows = await app()
      .db.select()
      .from(usedIdTokens)
      .where(eq(usedIdTokens.key, 'expired-test-key'))
    expect(rows).toEqual([])
  })

  it('refuses a sign-up without a verified e-mail address', async () => {
    const token = await idToken('google-no-email', { claims: { email_verified: false } })
    const response = await social('social-signup', 'google', token)
    expect(response.statusCode).toBe(400)
    expect(response.json<ErrorJson>().error.code).toBe('email_not_verified')
  })

  it('checks the Microsoft issuer against the token tenant', async () => {
    const email = uniqueEmail('mia', 'contoso.example')
    const claims = { email, xms_edov: true, name: 'Mia Microsoft' }
    const wrongTenant = await microsoftToken('ms-subject-1', {
      claims,
      issuer: 'https://login.microsoftonline.com/00000000-0000-0000-0000-000000000000/v2.0',
    })
    const rejected = await social('social-signup', 'microsoft', wrongTenant)
    expect(rejected.statusCode).toBe(401)
    expect(rejected.json<ErrorJson>().error.code).toBe('invalid_token')

    const good = await microsoftToken('ms-subject-1', { claims })
    const signup = await social('social-signup', 'microsoft', good)
    expect(signup.statusCode, signup.body).toBe(201)
    expect(claimsOf(signup.json<{ access_token: string }>().access_token)).toMatchObject({
      first_name: 'Mia',
      last_name: 'Microsoft',
    })
    const again = await microsoftToken('ms-subject-1', { claims })
    expect((await social('social-login', 'microsoft', again)).statusCode).toBe(200)
  })

  it('does not trust an unverified Microsoft e-mail claim to link accounts', async () => {
    const account = await signUp(app())
    const token = await microsoftToken('ms-nOAuth', { claims: { email: account.email } })
    expect((await social('social-login', 'microsoft', token)).statusCode).toBe(404)
  })

  it('answers malformed bodies with 400 and the field paths', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/auth/social-login',
      payload: { provider: 'facebook' },
    })
    expect(response.statusCode).toBe(400)
    expect(
      response
        .json<ErrorJson>()
        .error.details?.map((d) => d.path)
        .sort(),
    ).toEqual(['body.provider', 'body.token'])
  })
})
