import { setAccessToken } from '@/lib/access-token'
import { apiRequest } from '@/lib/api-client'

/** Ends the session on the server (revokes the refresh token) and forgets the access token. */
export async function logout() {
  try {
    await apiRequest<void>('/auth/logout')
  } finally {
    setAccessToken(null)
  }
}
