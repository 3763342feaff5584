import type { AccessTokenClaims } from '@dealcoach/contracts/auth'

/** The access token lives in memory only (DESIGN §5); the refresh token is an httpOnly cookie. */
let accessToken: string | null = null

export function setAccessToken(token: string | null) {
  accessToken = token
}

export function getAccessToken(): string | null {
  return accessToken
}

/** Spec §8: reading the token when there is none. */
export function requireAccessToken(): string {
  if (!accessToken) throw new Error('No token found')
  return accessToken
}

/** Spec §3: the claims the app reads (organisation, first_name, last_name). Not verified here: the server does that. */
export function readAccessTokenClaims(
  token: string | null = accessToken,
): AccessTokenClaims | null {
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const json = atob(payload.replaceAll('-', '+').replaceAll('_', '/'))
    const bytes = Uint8Array.from(json, (char) => char.charCodeAt(0))
    return JSON.parse(new TextDecoder().decode(bytes)) as AccessTokenClaims
  } catch {
    return null
  }
}
