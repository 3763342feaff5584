import { DEAL_SOLUTION_FIT_SELECTION } from '@dealcoach/contracts/graphql'
import type { FastifyInstance } from 'fastify'
import { getIntrospectionQuery } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeal, workspace, type Workspace } from '../test-support/assessment-fixtures.js'
import { bearer, type SignedIn } from '../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { MAX_COST, MAX_DEPTH } from './graphql-limits.js'
import { MAX_BATCH } from './graphql-server.js'
import { graphql, type GraphQLAnswer, postGraphQL } from './graphql-test-helpers.js'

/** `__type { ofType { ofType … } }`: introspection's types refer to each other without end. */
function nestedOfType(levels: number) {
  let selection = 'name'
  for (let level = 0; level < levels; level += 1) selection = `ofType { ${selection} }`
  return `{ __type(name: "Deal") { ${selection} } }`
}

/** The web's solution-fit selection: the most expensive part of a deal, its evidence. */
const EVIDENCE = DEAL_SOLUTION_FIT_SELECTION

describe('GraphQL over HTTP: batching, GET and limits', () => {
  let testApp: TestApp
  let app: FastifyInstance
  let space: Workspace
  let dealId: string

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    app = testApp.app
    await app.ready()
    space = await workspace(app)
    dealId = await createDeal(app, space)
  })
  afterAll(() => testApp.close())

  it('answers a batch with an array of results in order', async () => {
    const response = await postGraphQL(app, space.admin, [
      { query: 'query One($id: ID!) { deal(id: $id) { name } }', variables: { id: dealId } },
      { query: '{ me { id } }' },
      { query: '{ nope }' },
    ])
    expect(response.statusCode).toBe(200)
    const [one, me, nope] = response.json<GraphQLAnswer[]>()
    expect(one).toEqual({ data: { deal: { name: 'Acme rollout' } } })
    expect(me).toEqual({ data: { me: { id: space.admin.userId } } })
    expect(nope?.errors?.[0]?.message).toMatch(/Cannot query field "nope"/)
  })

  it('tells a POST without a JSON body what to send, in GraphQL errors', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...bearer(space.admin.accessToken), 'content-type': 'text/plain' },
      payload: '{ me { id } }',
    })
    expect(response.statusCode).toBe(415)
    const [refusal] = response.json<GraphQLAnswer>().errors ?? []
    expect(refusal?.message).toMatch(/application\/json/)
    expect(refusal?.extensions).toEqual({ code: 'BAD_REQUEST' })
  })

  it(`refuses a batch of more than ${MAX_BATCH} operations`, async () => {
    const operations = Array.from({ length: MAX_BATCH + 1 }, () => ({ query: '{ me { id } }' }))
    const response = await postGraphQL(app, space.admin, operations)
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
    expect(JSON.stringify(response.json())).toMatch(/Batching is limited to 10 operations/)
  })

  it('runs a query sent by GET with query, variables and operationName', async () => {
    const search = new URLSearchParams({
      query: 'query A { me { id } } query B($id: ID!) { deal(id: $id) { id name } }',
      variables: JSON.stringify({ id: dealId }),
      operationName: 'B',
    })
    const response = await app.inject({
      method: 'GET',
      url: `/graphql?${search.toString()}`,
      headers: bearer(space.admin.accessToken),
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ data: { deal: { id: dealId, name: 'Acme rollout' } } })
  })

  it('refuses a mutation sent by GET with 405', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('mutation { me { id } }')}`,
      headers: bearer(space.admin.accessToken),
    })
    expect(response.statusCode).toBe(405)
    expect(response.headers.allow).toBe('POST')
    expect(response.json<GraphQLAnswer>().errors?.[0]?.message).toMatch(/mutation/i)
  })

  it(`refuses a query deeper than ${MAX_DEPTH} levels, and lets introspection through`, async () => {
    // __type, the ofTypes and name: MAX_DEPTH + 1 levels.
    const deep = await graphql(app, space.admin, nestedOfType(MAX_DEPTH - 1))
    expect(deep.data).toBeUndefined()
    expect(deep.errors).toEqual([
      expect.objectContaining({
        message: `The query nests ${MAX_DEPTH + 1} levels deep; at most ${MAX_DEPTH} are allowed.`,
        extensions: { code: 'DEPTH_LIMIT_EXCEEDED', depth: MAX_DEPTH + 1, maxDepth: MAX_DEPTH },
      }),
    ])
    const fits = await graphql(app, space.admin, nestedOfType(MAX_DEPTH - 2))
    expect(fits.errors).toBeUndefined()
    const introspection = await graphql<{ __schema: { types: { name: string }[] } }>(
      app,
      space.admin,
      getIntrospectionQuery(),
    )
    expect(introspection.errors).toBeUndefined()
    expect(introspection.data?.__schema.types.map((type) => type.name)).toContain('SolutionFit')
  })

  it(`refuses a query that could cost more than ${MAX_COST}, counting page sizes`, async () => {
    const page = (perPage: string, fields: string) =>
      `query Page${perPage.startsWith('$') ? '($perPage: Int)' : ''} { deals(perPage: ${perPage}) { total items { id name stage { name } owner { firstName } ${fields} } } }`
    for (const perPage of ['100', '$perPage']) {
      // A variable counts as the largest page: validation runs before variables are known.
      const variables = perPage === '100' ? undefined : { perPage: 1 }
      const expensive = await graphql(app, space.admin, page(perPage, EVIDENCE), variables)
      expect(expensive.data).toBeUndefined()
      expect(expensive.errors?.[0]?.extensions).toMatchObject({
        code: 'COST_LIMIT_EXCEEDED',
        maxCost: MAX_COST,
      })
    }
    // Half a page with all the evidence is fine, as is a full page without it.
    for (const fits of [page('50', EVIDENCE), page('100', 'confidence')]) {
      expect((await graphql(app, space.admin, fits)).errors).toBeUndefined()
    }
    const one = await graphql(app, space.admin, `{ deal(id: "${dealId}") { ${EVIDENCE} } }`)
    expect(one).toEqual({ data: { deal: { solutionFit: null } } })
  })
})

describe('GraphQL in production', () => {
  let testApp: TestApp
  let app: FastifyInstance
  let admin: SignedIn

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' }, { env: 'production' })
    app = testApp.app
    await app.ready()
    admin = (await workspace(app)).admin
  })
  afterAll(() => testApp.close())

  it('refuses introspection but answers queries', async () => {
    const introspection = await graphql(app, admin, '{ __schema { types { name } } }')
    expect(introspection.data).toBeUndefined()
    expect(introspection.errors?.[0]?.message).toMatch(/introspection/i)
    expect(await graphql(app, admin, '{ me { id } }')).toEqual({
      data: { me: { id: admin.userId } },
    })
  })
})
