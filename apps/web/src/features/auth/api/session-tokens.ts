import { setAccessToken } from '@/lib/access-token'

/** What the sign-in calls answer (spec §3: `access_token` or `token`). */
export interface TokenResponse {
  access_token?: string
  token?: string
  token_type?: string
  expires_in?: number
}

/** Keeps the access token of a successful sign-in in memory. */
export function startSession(response: TokenResponse) {
  const token = response.access_token ?? response.token
  if (!token) throw new Error('The sign-in answer carried no access token')
  setAccessToken(token)
}
