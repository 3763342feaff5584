import { ACCESS_TOKEN_TTL_SECONDS, accessTokenClaimsSchema } from '@dealcoach/contracts/auth'
import type { TeamMember } from '@dealcoach/contracts/users'

const base64Url = (value: unknown) =>
  btoa(String.fromCodePoint(...new TextEncoder().encode(JSON.stringify(value))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')

let sessions = 0

/**
 * A JWT-shaped access token carrying the contract's claims for `user`. The signature is not a real
 * one: the web app never verifies tokens, it only reads their claims.
 */
export function fakeAccessToken(user: TeamMember, organisationId: string): string {
  const issuedAt = Math.floor(Date.now() / 1000)
  const claims = accessTokenClaimsSchema.parse({
    sub: user.id,
    organisation: organisationId,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    sid: `session-${++sessions}`,
    iat: issuedAt,
    exp: issuedAt + ACCESS_TOKEN_TTL_SECONDS,
  })
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.fake-signature`
}
