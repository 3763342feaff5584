import type { TokenResponse } from '@dealcoach/contracts/auth'
import { setAccessToken } from '@/lib/access-token'

/** What a sign-in call answers: the contract's TokenResponse; spec §3 also allows `token`. */
export type SignInResponse = TokenResponse | { token: string }

/** Keeps the access token of a successful sign-in in memory. */
export function startSession(response: SignInResponse) {
  const token = 'access_token' in response ? response.access_token : response.token
  if (!token) throw new Error('The sign-in answer carried no access token')
  setAccessToken(token)
}
