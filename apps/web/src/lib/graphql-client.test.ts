import { afterEach, describe, expect, it, vi } from 'vitest'
import { setAccessToken } from './access-token'
import { setSessionExpiredHandler } from './api-client'
import {
  createRequestBody,
  graphqlBatchRequest,
  graphqlRequest,
  GraphqlRequestError,
  isRetryableOperation,
} from './graphql-client'

function stubFetch(...responses: Response[]) {
  const fetchMock = vi.fn<typeof fetch>()
  for (const response of responses) fetchMock.mockResolvedValueOnce(response)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const unauthorized = () => Response.json({ errors: [{ message: 'Unauthorized' }] }, { status: 401 })

describe('graphqlRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    setAccessToken(null)
    sessionStorage.clear()
  })

  it('posts query, variables and operationName with the bearer token', async () => {
    const fetchMock = stubFetch(Response.json({ data: { deal: { id: '1' } } }))
    setAccessToken('t1')
    const data = await graphqlRequest<{ deal: { id: string } }>(
      'query Deal($id: ID!) { deal(id: $id) { id } }',
      {
        variables: { id: '1' },
        operationName: 'Deal',
      },
    )
    expect(data).toEqual({ deal: { id: '1' } })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/graphql')
    expect(JSON.parse(init?.body as string)).toEqual({
      query: 'query Deal($id: ID!) { deal(id: $id) { id } }',
      variables: { id: '1' },
      operationName: 'Deal',
    })
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer t1')
  })

  it('supports GET with the three fields in the query string', async () => {
    const fetchMock = stubFetch(Response.json({ data: { ok: true } }))
    await graphqlRequest('{ ok }', { method: 'GET', variables: { a: 1 }, operationName: 'Ok' })
    const url = new URL(fetchMock.mock.calls[0]?.[0] as string, 'http://localhost')
    expect(url.pathname).toBe('/graphql')
    expect(url.searchParams.get('query')).toBe('{ ok }')
    expect(url.searchParams.get('variables')).toBe('{"a":1}')
    expect(url.searchParams.get('operationName')).toBe('Ok')
  })

  it('refreshes once and retries an ordinary operation after a 401', async () => {
    const fetchMock = stubFetch(
      unauthorized(),
      Response.json({ access_token: 'fresh' }),
      Response.json({ data: { ok: 1 } }),
    )
    setAccessToken('stale')
    await expect(graphqlRequest('{ deals { id } }')).resolves.toEqual({ ok: 1 })
    expect(fetchMock.mock.calls.map(([url]) => url as string)).toEqual([
      '/graphql',
      '/auth/refresh',
      '/graphql',
    ])
  })

  it.each(['login', 'register', 'refresh', 'signUp', 'signIn', 'socialLogin', 'verifyToken'])(
    'never retries an operation whose text contains %s',
    async (word) => {
      const expired = vi.fn()
      setSessionExpiredHandler(expired)
      const fetchMock = stubFetch(unauthorized())
      const error = await graphqlRequest(`mutation { ${word}(x: 1) { ok } }`).catch(
        (caught: unknown) => caught,
      )
      expect(error).toBeInstanceOf(GraphqlRequestError)
      expect(fetchMock).toHaveBeenCalledOnce()
      expect(expired).not.toHaveBeenCalled()
      expect(isRetryableOperation(`{ ${word} }`)).toBe(false)
    },
  )

  it('raises a request error carrying status, headers, query and variables when errors are present', async () => {
    stubFetch(
      Response.json(
        { data: null, errors: [{ message: 'Deal not found' }] },
        { headers: { 'x-request-id': 'r1' } },
      ),
    )
    const error = (await graphqlRequest('{ deal(id: 1) { id } }', { variables: { id: 1 } }).catch(
      (caught: unknown) => caught,
    )) as GraphqlRequestError
    expect(error).toBeInstanceOf(GraphqlRequestError)
    expect(error.message).toBe('Deal not found')
    expect(error.response.status).toBe(200)
    expect(error.response.headers.get('x-request-id')).toBe('r1')
    expect(error.request).toEqual({ query: '{ deal(id: 1) { id } }', variables: { id: 1 } })
  })

  it('keeps partial data when the error policy is all or ignore', async () => {
    stubFetch(Response.json({ data: { a: 1 }, errors: [{ message: 'partial' }] }))
    await expect(graphqlRequest('{ a b }', { errorPolicy: 'all' })).resolves.toEqual({ a: 1 })
    stubFetch(Response.json({ data: { a: 1 }, errors: [{ message: 'partial' }] }))
    await expect(graphqlRequest('{ a b }', { errorPolicy: 'ignore' })).resolves.toEqual({ a: 1 })
  })

  it('raises when the HTTP status is not ok or data is missing', async () => {
    stubFetch(new Response('bad gateway', { status: 502 }))
    await expect(graphqlRequest('{ a }')).rejects.toMatchObject({ response: { status: 502 } })
    stubFetch(Response.json({}))
    await expect(graphqlRequest('{ a }')).rejects.toThrow('GraphQL answer has no data')
  })
})

describe('batches', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sends an array of query and variables entries and answers in order', async () => {
    const fetchMock = stubFetch(Response.json([{ data: { a: 1 } }, { data: { b: 2 } }]))
    const results = await graphqlBatchRequest<[{ a: number }, { b: number }]>([
      { query: '{ a }' },
      { query: 'query B($x: Int) { b(x: $x) }', variables: { x: 2 } },
    ])
    expect(results).toEqual([{ a: 1 }, { b: 2 }])
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual([
      { query: '{ a }', variables: {} },
      { query: 'query B($x: Int) { b(x: $x) }', variables: { x: 2 } },
    ])
  })

  it('refuses a batch whose variables are not an array', () => {
    expect(() => createRequestBody(['{ a }', '{ b }'], { x: 1 })).toThrow(
      'Cannot create request body with given variable type, array expected',
    )
  })
})
