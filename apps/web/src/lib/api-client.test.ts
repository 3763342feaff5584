import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getAccessToken, setAccessToken } from './access-token'
import {
  apiRequest,
  HttpError,
  isRefreshExempt,
  REFRESH_LOCK_NAME,
  refreshAccessToken,
  setSessionExpiredHandler,
} from './api-client'
import { REDIRECT_STORAGE_KEY } from './redirect-storage'

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>

/** A fake server: /auth/refresh answers `refreshWith`, other paths accept only `validToken`. */
function fakeServer(options: { validToken: string; refreshWith: Response | (() => Response) }) {
  const calls: { url: string; authorization: string | null; credentials?: RequestCredentials }[] =
    []
  const handler: Handler = (url, init) => {
    const authorization = new Headers(init.headers).get('authorization')
    calls.push({ url, authorization, credentials: init.credentials })
    if (url === '/auth/refresh') {
      return typeof options.refreshWith === 'function'
        ? options.refreshWith()
        : options.refreshWith.clone()
    }
    if (authorization !== `Bearer ${options.validToken}`) {
      return Response.json(
        { error: { code: 'unauthorized', message: 'Sign in again' } },
        { status: 401 },
      )
    }
    return Response.json({ ok: true, url })
  }
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => Promise.resolve(handler(url, init))),
  )
  return calls
}

describe('apiRequest', () => {
  const expired = vi.fn()
  beforeEach(() => setSessionExpiredHandler(expired))
  afterEach(() => {
    vi.unstubAllGlobals()
    setAccessToken(null)
    sessionStorage.clear()
    expired.mockReset()
  })

  it('sends JSON with credentials and the bearer token when one is stored', async () => {
    const calls = fakeServer({ validToken: 't1', refreshWith: new Response(null, { status: 401 }) })
    setAccessToken('t1')
    await expect(
      apiRequest('/v1/things', { method: 'POST', body: { a: 1 } }),
    ).resolves.toMatchObject({ ok: true })
    expect(calls).toEqual([
      { url: '/v1/things', authorization: 'Bearer t1', credentials: 'include' },
    ])
  })

  it('calls the registration API without credentials', async () => {
    const calls = fakeServer({ validToken: 't1', refreshWith: new Response(null, { status: 401 }) })
    setAccessToken('t1')
    await apiRequest('/register/key', { api: 'registration' })
    expect(calls[0]?.credentials).toBe('omit')
  })

  it('refreshes once on a 401 and retries with the new token', async () => {
    const calls = fakeServer({
      validToken: 'fresh',
      refreshWith: Response.json({ access_token: 'fresh' }),
    })
    setAccessToken('stale')
    await expect(apiRequest('/v1/deals')).resolves.toMatchObject({ ok: true })
    expect(calls.map((call) => `${call.url} ${call.authorization}`)).toEqual([
      '/v1/deals Bearer stale',
      // Spec §7: every call carries the stored token, the refresh included.
      '/auth/refresh Bearer stale',
      '/v1/deals Bearer fresh',
    ])
    expect(getAccessToken()).toBe('fresh')
  })

  it('refreshes without a bearer header when no token is stored (the restore on load)', async () => {
    const calls = fakeServer({
      validToken: 'fresh',
      refreshWith: Response.json({ token: 'fresh' }),
    })
    await expect(refreshAccessToken()).resolves.toBe('fresh')
    expect(calls).toEqual([{ url: '/auth/refresh', authorization: null, credentials: 'include' }])
  })

  it('accepts a refresh answer that carries `token` instead of `access_token`', async () => {
    fakeServer({ validToken: 'fresh', refreshWith: Response.json({ token: 'fresh' }) })
    setAccessToken('stale')
    await expect(apiRequest('/v1/deals')).resolves.toMatchObject({ ok: true })
  })

  it('shares one refresh between concurrent 401s', async () => {
    const calls = fakeServer({
      validToken: 'fresh',
      refreshWith: () => Response.json({ access_token: 'fresh' }),
    })
    setAccessToken('stale')
    await Promise.all([apiRequest('/v1/a'), apiRequest('/v1/b')])
    expect(calls.filter((call) => call.url === '/auth/refresh')).toHaveLength(1)
    expect(
      calls
        .filter((call) => call.authorization === 'Bearer fresh')
        .map((call) => call.url)
        .sort(),
    ).toEqual(['/v1/a', '/v1/b'])
  })

  it('when refresh fails: clears the token, saves the location and goes to /login', async () => {
    fakeServer({ validToken: 'fresh', refreshWith: new Response(null, { status: 401 }) })
    setAccessToken('stale')
    window.history.replaceState(null, '', '/deals/7?tab=activity')

    const error = await apiRequest('/v1/deals/7').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 401 })
    expect(getAccessToken()).toBeNull()
    expect(sessionStorage.getItem(REDIRECT_STORAGE_KEY)).toBe('/deals/7?tab=activity')
    expect(expired).toHaveBeenCalledOnce()
  })

  it('never refreshes for auth, login and register paths', async () => {
    const calls = fakeServer({
      validToken: 'fresh',
      refreshWith: Response.json({ access_token: 'fresh' }),
    })
    setAccessToken('stale')
    for (const path of ['/auth/email-login', '/v1/login', '/register/abc']) {
      await expect(apiRequest(path)).rejects.toMatchObject({ status: 401 })
    }
    expect(calls.some((call) => call.url === '/auth/refresh')).toBe(false)
    expect(expired).not.toHaveBeenCalled()
  })

  it('raises the server error code, message and Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          Response.json(
            { error: { code: 'rate_limited', message: 'Too many attempts' } },
            { status: 429, headers: { 'retry-after': '60' } },
          ),
        ),
      ),
    )
    await expect(
      apiRequest('/auth/email-login', { method: 'POST', body: {} }),
    ).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Too many attempts',
      retryAfterSeconds: 60,
    })
  })

  it('raises a generic error for a body that is not an error document', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
        ),
      ),
    )
    await expect(apiRequest('/v1/deals')).rejects.toMatchObject({ status: 502, code: 'http_error' })
  })
})

/** A LockManager that grants each name to one holder at a time, in request order, like a browser's. */
function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>()
  const requested: string[] = []
  const locks = {
    request<T>(name: string, task: () => Promise<T>): Promise<T> {
      requested.push(name)
      const previous = tails.get(name) ?? Promise.resolve()
      const run = previous.then(task, task)
      tails.set(
        name,
        run.catch(() => undefined),
      )
      return run
    },
  }
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true })
  return requested
}

describe('refreshAccessToken across tabs', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    Reflect.deleteProperty(navigator, 'locks')
    setAccessToken(null)
  })

  it('waits while another tab holds the refresh lock, then refreshes with the cookie it left', async () => {
    const requested = fakeLocks()
    const calls = fakeServer({
      validToken: 'fresh',
      refreshWith: () => Response.json({ access_token: 'fresh' }),
    })
    let release = () => {}
    const otherTab = navigator.locks.request(
      REFRESH_LOCK_NAME,
      () => new Promise<void>((resolve) => (release = resolve)),
    )

    const refreshed = refreshAccessToken()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(calls).toEqual([])

    release()
    await otherTab
    await expect(refreshed).resolves.toBe('fresh')
    expect(calls.map((call) => call.url)).toEqual(['/auth/refresh'])
    expect(requested).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME])
    expect(getAccessToken()).toBe('fresh')
  })

  it('without Web Locks, refreshes again once when another tab won the race', async () => {
    let answers = 0
    const calls = fakeServer({
      validToken: 'fresh',
      refreshWith: () =>
        (answers += 1) === 1
          ? Response.json(
              { error: { code: 'refresh_token_superseded', message: 'Refresh again.' } },
              { status: 401 },
            )
          : Response.json({ access_token: 'fresh' }),
    })
    await expect(refreshAccessToken()).resolves.toBe('fresh')
    expect(calls.map((call) => call.url)).toEqual(['/auth/refresh', '/auth/refresh'])
  })

  it('does not retry a refresh the server refused for good', async () => {
    const calls = fakeServer({
      validToken: 'fresh',
      refreshWith: () =>
        Response.json(
          { error: { code: 'refresh_token_reused', message: 'Sign in again.' } },
          { status: 401 },
        ),
    })
    setAccessToken('stale')
    await expect(refreshAccessToken()).resolves.toBeNull()
    expect(calls).toHaveLength(1)
    expect(getAccessToken()).toBeNull()
  })
})

describe('isRefreshExempt (spec §7)', () => {
  it('exempts /auth/, /login and /register on the base API', () => {
    expect(isRefreshExempt('/auth/refresh')).toBe(true)
    expect(isRefreshExempt('/login')).toBe(true)
    expect(isRefreshExempt('/register/key')).toBe(true)
    expect(isRefreshExempt('/v1/deals')).toBe(false)
    expect(isRefreshExempt('/complete_registration/key')).toBe(false)
  })
  it('also exempts /complete_registration on the registration API', () => {
    expect(isRefreshExempt('/complete_registration/key', 'registration')).toBe(true)
  })
})
