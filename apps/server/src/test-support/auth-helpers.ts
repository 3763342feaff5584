import { desc, sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { outboxEmails } from '../db/schema/mail.js'

export const GOOD_PASSWORD = 'correct horse battery staple'

let counter = 0
/** A unique address per call, so tests in one file do not collide. */
export function uniqueEmail(prefix = 'user', domain = 'example.com'): string {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${counter}@${domain}`
}

/** A unique client address per test, so per-IP throttling in one test does not affect others. */
export function uniqueIp(): string {
  counter += 1
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`
}

export async function latestEmailTo(app: FastifyInstance, address: string) {
  const [row] = await app.db
    .select()
    .from(outboxEmails)
    .where(sql`lower(${outboxEmails.toAddress}) = lower(${address})`)
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1)
  return row
}

export async function emailsTo(app: FastifyInstance, address: string) {
  return app.db
    .select()
    .from(outboxEmails)
    .where(sql`lower(${outboxEmails.toAddress}) = lower(${address})`)
}

/** The join key from the newest registration e-mail sent to an address. */
export async function joinKeySentTo(app: FastifyInstance, address: string): Promise<string> {
  const email = await latestEmailTo(app, address)
  const key = /\/complete_registration\/([A-Za-z0-9_-]+)/.exec(email?.textBody ?? '')?.[1]
  if (!key) throw new Error(`no join link was e-mailed to ${address}`)
  return key
}

/** POST /auth/email-login, by default from a fresh client address so per-IP throttles stay apart. */
export function passwordLogin(
  app: FastifyInstance,
  email: string,
  password = GOOD_PASSWORD,
  ip = uniqueIp(),
) {
  return app.inject({
    method: 'POST',
    url: '/auth/email-login',
    remoteAddress: ip,
    payload: { email, password },
  })
}

/** GET /auth/refresh with this refresh-token cookie (none when undefined). */
export function refreshWith(
  app: FastifyInstance,
  token: string | undefined,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'GET',
    url: '/auth/refresh',
    cookies: token ? { refresh_token: token } : {},
    headers,
  })
}

export const errorCodeOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string } }>().error.code

export function refreshCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === 'refresh_token')
}

export interface SignedIn {
  email: string
  accessToken: string
  refreshToken: string
  userId: string
  organisationId: string
}

export function claimsOf(accessToken: string): Record<string, unknown> {
  const payload = accessToken.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}

export function signedInFrom(response: LightMyRequestResponse, email: string): SignedIn {
  const body = response.json<{ access_token: string }>()
  const cookie = refreshCookieOf(response)
  expect(cookie?.value).toBeTruthy()
  const claims = claimsOf(body.access_token)
  return {
    email,
    accessToken: body.access_token,
    refreshToken: cookie?.value ?? '',
    userId: String(claims.sub),
    organisationId: String(claims.organisation),
  }
}

/** Registers through the public API (e-mail → join key → password) and signs in. */
export async function signUp(
  app: FastifyInstance,
  options: { email?: string; firstname?: string; lastname?: string; password?: string } = {},
): Promise<SignedIn> {
  const email = options.email ?? uniqueEmail()
  const registration = await app.inject({
    method: 'POST',
    url: '/auth/email-registration',
    remoteAddress: uniqueIp(),
    payload: {
      email,
      firstname: options.firstname ?? 'Ada',
      lastname: options.lastname ?? 'Lovelace',
    },
  })
  expect(registration.statusCode).toBe(202)
  return completeRegistration(app, email, options.password)
}

/** Follows the join key e-mailed to `email` (a sign-up or an invitation) and sets the password. */
export async function completeRegistration(
  app: FastifyInstance,
  email: string,
  password = GOOD_PASSWORD,
): Promise<SignedIn> {
  const joinkey = await joinKeySentTo(app, email)
  const confirmed = await app.inject({
    method: 'POST',
    url: '/auth/confirm-email-password-registration',
    payload: { email, password, joinkey },
  })
  expect(confirmed.statusCode, confirmed.body).toBe(201)
  return signedInFrom(confirmed, email)
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` })

/** Invites a member into the admin's organisation and completes their registration. */
export async function inviteMember(app: FastifyInstance, admin: SignedIn): Promise<SignedIn> {
  const email = uniqueEmail('member')
  const invitation = await app.inject({
    method: 'POST',
    url: '/v1/users/invitations',
    headers: bearer(admin.accessToken),
    payload: { email, first_name: 'Carol', last_name: 'Cole' },
  })
  expect(invitation.statusCode, invitation.body).toBe(201)
  return completeRegistration(app, email)
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Calls the API as `session` (anonymously without one), with an optional JSON body. */
export function callAs(
  app: FastifyInstance,
  session: SignedIn | undefined,
  method: HttpMethod,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    ...(session && { headers: bearer(session.accessToken) }),
    ...(payload !== undefined && { payload: payload as object }),
  })
}
