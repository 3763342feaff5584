import { afterEach, describe, expect, it } from 'vitest'
import { beginSocialSignIn, takeSocialCallback } from './social-redirect'

function unsignedToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replaceAll('=', '')
  return `${encode({ alg: 'RS256' })}.${encode(claims)}.signature`
}

function start(provider: 'google' | 'microsoft' = 'google', keepSignedIn = false) {
  const url = new URL(beginSocialSignIn(provider, 'client-1', keepSignedIn))
  return {
    url,
    state: url.searchParams.get('state') ?? '',
    nonce: url.searchParams.get('nonce') ?? '',
  }
}

describe('social sign-in redirect', () => {
  afterEach(() => sessionStorage.clear())

  it("sends the browser to the provider's authorize page for an ID token", () => {
    const { url, state, nonce } = start()
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect(url.searchParams.get('client_id')).toBe('client-1')
    expect(url.searchParams.get('response_type')).toBe('id_token')
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/login/`)
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(nonce).not.toBe(state)
    expect(new URL(beginSocialSignIn('microsoft', 'c')).host).toBe('login.microsoftonline.com')
  })

  it('carries "Keep me signed in" through the trip to the provider, not in the URL', () => {
    const { url, state, nonce } = start('google', true)
    expect(url.search).not.toContain('keep')
    const token = unsignedToken({ nonce })
    expect(takeSocialCallback(`#id_token=${token}&state=${state}`)).toMatchObject({
      kind: 'token',
      keepSignedIn: true,
    })
  })

  it('accepts the token that answers our request', () => {
    const { state, nonce } = start()
    const token = unsignedToken({ nonce })
    expect(takeSocialCallback(`#id_token=${token}&state=${state}`)).toEqual({
      kind: 'token',
      provider: 'google',
      token,
      keepSignedIn: false,
    })
  })

  it('refuses an answer with another state or nonce, or with no request pending', () => {
    const { state, nonce } = start()
    expect(takeSocialCallback(`#id_token=${unsignedToken({ nonce })}&state=forged`)).toEqual({
      kind: 'error',
      reason: 'mismatch',
    })
    const second = start()
    expect(
      takeSocialCallback(`#id_token=${unsignedToken({ nonce: 'other' })}&state=${second.state}`),
    ).toEqual({
      kind: 'error',
      reason: 'mismatch',
    })
    expect(takeSocialCallback(`#id_token=${unsignedToken({ nonce })}&state=${state}&x=1`)).toEqual({
      kind: 'error',
      reason: 'mismatch',
    })
  })

  it('reports a cancelled sign-in and ignores a fragment without an answer', () => {
    start()
    expect(takeSocialCallback('#error=access_denied&state=s')).toEqual({
      kind: 'error',
      reason: 'denied',
    })
    expect(takeSocialCallback('#section-2')).toEqual({ kind: 'none' })
  })
})
