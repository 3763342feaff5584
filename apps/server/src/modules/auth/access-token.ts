import { ACCESS_TOKEN_TTL_SECONDS, accessTokenClaimsSchema } from '@dealcoach/contracts/auth'
import { errors, jwtVerify, SignJWT } from 'jose'
import type { AuthUser } from '../../lib/caller.js'

const encoder = new TextEncoder()

/**
 * The HMAC key of each secret, imported once: given the secret's bytes, jose imports a key on
 * every call, and every request checks a token.
 */
const verifyKeys = new Map<string, Promise<CryptoKey>>()

function verifyKeyOf(secret: string): Promise<CryptoKey> {
  let key = verifyKeys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    )
    verifyKeys.set(secret, key)
  }
  return key
}

/** DESIGN §5: HS256, 15 minutes, claims sub, organisation, first_name, last_name, role (+ sid). */
export async function signAccessToken(
  secret: string,
  user: AuthUser,
  options: { expiresInSeconds?: number; issuedAt?: number } = {},
): Promise<string> {
  const issuedAt = options.issuedAt ?? Math.floor(Date.now() / 1000)
  return new SignJWT({
    organisation: user.organisationId,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    sid: user.sessionId,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (options.expiresInSeconds ?? ACCESS_TOKEN_TTL_SECONDS))
    .sign(encoder.encode(secret))
}

export type AccessTokenResult =
  { ok: true; user: AuthUser } | { ok: false; reason: 'expired' | 'invalid' }

export async function verifyAccessToken(secret: string, token: string): Promise<AccessTokenResult> {
  try {
    const { payload } = await jwtVerify(token, await verifyKeyOf(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    })
    const claims = accessTokenClaimsSchema.safeParse(payload)
    if (!claims.success) return { ok: false, reason: 'invalid' }
    const { sub, organisation, first_name, last_name, role, sid } = claims.data
    return {
      ok: true,
      user: {
        id: sub,
        organisationId: organisation,
        role,
        firstName: first_name,
        lastName: last_name,
        sessionId: sid,
      },
    }
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' }
    return { ok: false, reason: 'invalid' }
  }
}
