import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiRequest, HttpError, setAccessToken } from './api-client'

function mockFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    setAccessToken(null)
  })

  it('sends JSON with credentials and the bearer token when one is stored', async () => {
    const fetchMock = mockFetch(Response.json({ ok: true }))
    setAccessToken('token-1')

    await expect(
      apiRequest('/v1/things', { method: 'POST', body: { name: 'x' } }),
    ).resolves.toEqual({ ok: true })

    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/v1/things')
    expect(init?.credentials).toBe('include')
    expect(init?.body).toBe('{"name":"x"}')
    const headers = new Headers(init?.headers)
    expect(headers.get('authorization')).toBe('Bearer token-1')
    expect(headers.get('content-type')).toBe('application/json')
  })

  it('sends no authorization header without a token', async () => {
    const fetchMock = mockFetch(Response.json({}))
    await apiRequest('/health')
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('authorization')).toBe(false)
  })

  it("raises the server's error code and message", async () => {
    mockFetch(
      Response.json({ error: { code: 'not_found', message: 'Deal not found' } }, { status: 404 }),
    )
    const error = await apiRequest('/v1/deals/1').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Deal not found' })
  })

  it('raises a generic error for a body that is not an error document', async () => {
    mockFetch(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }))
    await expect(apiRequest('/v1/deals')).rejects.toMatchObject({ status: 502, code: 'http_error' })
  })
})
