import type { SocialProvider } from '@dealcoach/contracts/auth'

/**
 * Social sign-in without any provider script: the browser goes to the provider's authorize page
 * (OpenID Connect implicit flow, `response_type=id_token`) and comes back to /login/ with the ID
 * token in the URL fragment. The server verifies the token; here we check that the answer belongs
 * to the request we made (state) and the token to this sign-in (nonce).
 */
const AUTHORIZE_URLS: Record<SocialProvider, string> = {
  google: 'https://accounts.google.com/o/oauth2/v2/auth',
  microsoft: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
}

const PENDING_KEY = 'social_sign_in'

interface PendingSignIn {
  provider: SocialProvider
  state: string
  nonce: string
  /** "Keep me signed in" as it was ticked when the visitor left for the provider. */
  keepSignedIn: boolean
}

function randomValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '')
}

export function socialRedirectUri(): string {
  return `${window.location.origin}/login/`
}

/** The provider's authorize URL for a new sign-in, remembering its state and nonce for the return. */
export function beginSocialSignIn(
  provider: SocialProvider,
  clientId: string,
  keepSignedIn = false,
): string {
  const pending: PendingSignIn = {
    provider,
    state: randomValue(),
    nonce: randomValue(),
    keepSignedIn,
  }
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending))
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: socialRedirectUri(),
    response_type: 'id_token',
    response_mode: 'fragment',
    scope: 'openid email profile',
    state: pending.state,
    nonce: pending.nonce,
    prompt: 'select_account',
  })
  return `${AUTHORIZE_URLS[provider]}?${params.toString()}`
}

export type SocialCallback =
  | { kind: 'none' }
  | { kind: 'token'; provider: SocialProvider; token: string; keepSignedIn: boolean }
  | { kind: 'error'; reason: 'denied' | 'mismatch' }

let consumed: { hash: string; result: SocialCallback } | null = null

/** Reads what the provider sent back in the URL fragment; asking again about the same fragment gives the same answer. */
export function takeSocialCallback(hash: string): SocialCallback {
  if (consumed?.hash === hash) return consumed.result
  const result = readSocialCallback(hash)
  consumed = { hash, result }
  return result
}

function readSocialCallback(hash: string): SocialCallback {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  if (!params.has('id_token') && !params.has('error')) return { kind: 'none' }
  const stored = sessionStorage.getItem(PENDING_KEY)
  sessionStorage.removeItem(PENDING_KEY)
  if (params.has('error')) return { kind: 'error', reason: 'denied' }

  const pending = stored ? (JSON.parse(stored) as PendingSignIn) : null
  const token = params.get('id_token') ?? ''
  if (!pending || params.get('state') !== pending.state || tokenNonce(token) !== pending.nonce) {
    return { kind: 'error', reason: 'mismatch' }
  }
  return {
    kind: 'token',
    provider: pending.provider,
    token,
    keepSignedIn: pending.keepSignedIn === true,
  }
}

function tokenNonce(token: string): string | undefined {
  const payload = token.split('.')[1]
  if (!payload) return undefined
  try {
    const claims = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as {
      nonce?: unknown
    }
    return typeof claims.nonce === 'string' ? claims.nonce : undefined
  } catch {
    return undefined
  }
}
