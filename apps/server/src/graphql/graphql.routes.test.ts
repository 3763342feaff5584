import { DEAL_SOLUTION_FIT_SELECTION } from '@dealcoach/contracts/graphql'
import type { SolutionFit } from '@dealcoach/contracts/intelligence'
import { brotliDecompressSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { analyseTranscript, createDeal, workspace } from '../test-support/assessment-fixtures.js'
import { bearer, signUp } from '../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { graphql } from './graphql-test-helpers.js'

const DEAL_QUERY = /* GraphQL */ `
  query Deal($id: ID!) {
    deal(id: $id) {
      id
      name
      accountName
      amount
      currency
      closeDate
      status
      lastActivityAt
      confidence
      stage {
        id
        name
      }
      owner {
        id
        firstName
        lastName
      }
      ${DEAL_SOLUTION_FIT_SELECTION}
    }
  }
`

interface DealAnswer {
  deal: {
    id: string
    name: string
    amount: number | null
    confidence: number | null
    stage: { id: string; name: string }
    owner: { id: string; firstName: string; lastName: string } | null
    solutionFit: {
      tier: number
      scoring: {
        type: string
        score: number
        justification: string
        justificationCode: string | null
        evidenceRefs: {
          engagement: { id: string; name: string; date: string | null; type: string }
          new: boolean
          role: string
          speaker: string
          text: string
        }[]
      }[]
    } | null
  } | null
}

describe('GraphQL: deals, pipelines and me', () => {
  let testApp: TestApp
  let app: FastifyInstance

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    app = testApp.app
    await app.ready()
  })
  afterAll(() => testApp.close())

  it("answers an analysed deal's solutionFit with evidence citing its engagement", async () => {
    const space = await workspace(app)
    const dealId = await createDeal(app, space)
    const { engagementId } = await analyseTranscript(app, space.admin, dealId)

    const answer = await graphql<DealAnswer>(app, space.admin, DEAL_QUERY, { id: dealId })
    expect(answer.errors).toBeUndefined()
    const deal = answer.data?.deal
    expect(deal).toMatchObject({
      id: dealId,
      name: 'Acme rollout',
      amount: 12500.5,
      currency: 'EUR',
      closeDate: '2026-12-31',
      status: 'open',
      lastActivityAt: '2026-11-02T10:00:00.000Z',
      stage: { id: space.stageId },
      owner: { id: space.admin.userId, firstName: 'Ada', lastName: 'Lovelace' },
    })
    expect(deal?.confidence).toEqual(expect.any(Number))

    // The same scoring as the REST analysis, in camelCase.
    const rest = await app.inject({
      method: 'GET',
      url: `/v1/deals/${dealId}/analysis`,
      headers: bearer(space.admin.accessToken),
    })
    const restFit = rest.json<{ solution_fit: SolutionFit | null }>().solution_fit
    expect(restFit).not.toBeNull()
    expect(deal?.solutionFit?.tier).toBe(restFit?.tier)
    expect(deal?.solutionFit?.scoring).toEqual(
      restFit?.scoring.map(({ justification_code, ...scoring }) => ({
        ...scoring,
        justificationCode: justification_code,
      })),
    )
    expect(deal?.solutionFit?.scoring.map((entry) => entry.justificationCode)).not.toContain(null)
    const refs = deal?.solutionFit?.scoring.flatMap((entry) => entry.evidenceRefs) ?? []
    expect(refs.length).toBeGreaterThan(0)
    for (const ref of refs) {
      expect(ref.engagement).toEqual({
        id: engagementId,
        name: 'Discovery call',
        date: '2026-11-02T10:00:00.000Z',
        type: 'transcript',
      })
      expect(['seller', 'buyer', 'unknown']).toContain(ref.role)
      expect(ref.text).not.toBe('')
    }
  })

  it('answers a null solutionFit and confidence for a deal that has no scoring', async () => {
    const space = await workspace(app)
    const dealId = await createDeal(app, space)
    const answer = await graphql<DealAnswer>(app, space.admin, DEAL_QUERY, { id: dealId })
    expect(answer.errors).toBeUndefined()
    expect(answer.data?.deal).toMatchObject({ id: dealId, solutionFit: null, confidence: null })
  })

  it("answers null for another organisation's deal, an unknown id and a malformed id", async () => {
    const space = await workspace(app)
    const dealId = await createDeal(app, space)
    const stranger = await signUp(app)
    for (const [session, id] of [
      [stranger, dealId],
      [space.admin, '00000000-0000-4000-8000-000000000000'],
      [space.admin, 'not-an-id'],
    ] as const) {
      const answer = await graphql<DealAnswer>(app, session, DEAL_QUERY, { id })
      expect(answer).toEqual({ data: { deal: null } })
    }
  })

  it('lists deals by pipeline and name with paging, and refuses a bad page size', async () => {
    const space = await workspace(app)
    const other = await workspace(app)
    for (const name of ['Acme rollout', 'Acme expansion', 'Globex pilot']) {
      await createDeal(app, space, name)
    }
    await createDeal(app, other, 'Acme elsewhere')
    const query = /* GraphQL */ `
      query Deals($pipelineId: ID, $searchQuery: String, $perPage: Int, $page: Int) {
        deals(pipelineId: $pipelineId, searchQuery: $searchQuery, perPage: $perPage, page: $page) {
          total
          page
          perPage
          items {
            name
            stage {
              id
            }
          }
        }
      }
    `
    type Page = { deals: { total: number; items: { name: string }[] } }
    const acme = await graphql<Page>(app, space.admin, query, {
      pipelineId: space.pipelineId,
      searchQuery: 'acme',
      perPage: 1,
      page: 2,
    })
    expect(acme.errors).toBeUndefined()
    expect(acme.data?.deals).toMatchObject({ total: 2, page: 2, perPage: 1 })
    expect(acme.data?.deals.items).toHaveLength(1)
    const all = await graphql<Page>(app, space.admin, query, {})
    expect(all.data?.deals.total).toBe(3)

    for (const [variables, argument] of [
      [{ perPage: 101 }, 'perPage'],
      [{ page: 0 }, 'page'],
      [{ pipelineId: 'nope' }, 'pipelineId'],
    ] as const) {
      const refused = await graphql(app, space.admin, query, variables)
      expect(refused.data).toBeNull()
      expect(refused.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', argument })
      expect(refused.errors?.[0]?.message).toMatch(new RegExp(`^${argument} `))
    }
  })

  it('answers the pipelines with stages and actions, and me', async () => {
    const space = await workspace(app)
    const answer = await graphql<{
      pipelines: { id: string; stages: { id: string }[]; actions: { stageId: string }[] }[]
      me: { id: string; email: string; role: string }
    }>(
      app,
      space.admin,
      '{ pipelines { id name active stages { id name position } actions { id stageId name description position } } me { id firstName lastName email role } }',
    )
    expect(answer.errors).toBeUndefined()
    expect(answer.data?.pipelines.map((p) => p.id)).toContain(space.pipelineId)
    const sales = answer.data?.pipelines.find((p) => p.id === space.pipelineId)
    expect(sales?.stages[0]?.id).toBe(space.stageId)
    expect(sales?.actions.length).toBeGreaterThan(0)
    expect(answer.data?.me).toEqual({
      id: space.admin.userId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: space.admin.email,
      role: 'admin',
    })
  })

  it('answers 401 UNAUTHENTICATED without a valid token, before running anything', async () => {
    const listed = vi.spyOn(app.services.pipelines, 'list')
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: { query: '{ pipelines { id } }' },
      })
      expect(response.statusCode).toBe(401)
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/)
      expect(response.json()).toEqual({
        errors: [
          { message: expect.any(String) as string, extensions: { code: 'UNAUTHENTICATED' } },
        ],
      })
    }
    const viaGet = await app.inject({ method: 'GET', url: '/graphql?query=%7Bme%7Bid%7D%7D' })
    expect(viaGet.statusCode).toBe(401)
    expect(listed).not.toHaveBeenCalled()
    listed.mockRestore()
  })

  it('grants no other origin access: CORS is the app-wide setting (none configured here)', async () => {
    const space = await workspace(app)
    for (const method of ['POST', 'OPTIONS'] as const) {
      const response = await app.inject({
        method,
        url: '/graphql',
        headers: {
          ...bearer(space.admin.accessToken),
          origin: 'https://elsewhere.example',
          'content-type': 'application/json',
          'access-control-request-method': 'POST',
        },
        ...(method === 'POST' ? { payload: { query: '{ me { id } }' } } : {}),
      })
      expect(response.headers['access-control-allow-origin']).toBeUndefined()
      expect(response.headers['access-control-allow-credentials']).toBeUndefined()
      if (method === 'POST') expect(response.statusCode).toBe(200)
    }
  })

  it('compresses a large answer as every API answer is, and leaves a small one as it is', async () => {
    const space = await workspace(app)
    const ask = (query: string) =>
      app.inject({
        method: 'POST',
        url: '/graphql',
        headers: {
          ...bearer(space.admin.accessToken),
          'content-type': 'application/json',
          'accept-encoding': 'br',
        },
        payload: { query },
      })
    const large = await ask(
      '{ pipelines { id name stages { id name } actions { id name description } } }',
    )
    expect(large.statusCode).toBe(200)
    expect(large.headers['content-encoding']).toBe('br')
    const answer = JSON.parse(brotliDecompressSync(large.rawPayload).toString('utf8')) as {
      data: { pipelines: { id: string }[] }
    }
    expect(answer.data.pipelines.map((p) => p.id)).toContain(space.pipelineId)
    const small = await ask('{ me { id } }')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toEqual({ data: { me: { id: space.admin.userId } } })
  })

  it('masks an unexpected failure: no internal message reaches the client', async () => {
    const space = await workspace(app)
    const failing = vi
      .spyOn(app.services.pipelines, 'list')
      .mockRejectedValueOnce(new Error('connection to 10.0.0.7 refused, password=hunter2'))
    const answer = await graphql(app, space.admin, '{ pipelines { id } }')
    failing.mockRestore()
    expect(answer.data).toBeNull()
    expect(answer.errors).toEqual([
      expect.objectContaining({
        message: 'Unexpected error.',
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      }),
    ])
    expect(JSON.stringify(answer)).not.toMatch(/hunter2|10\.0\.0\.7/)
  })

  it('is listed in the OpenAPI document for GET and POST', async () => {
    const response = await app.inject({ method: 'GET', url: '/openapi.json' })
    expect(response.statusCode).toBe(200)
    const paths = response.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>()
      .paths
    expect(Object.keys(paths['/graphql'] ?? {}).sort()).toEqual(['get', 'post'])
    expect(paths['/graphql']?.post?.tags).toEqual(['graphql'])
  })
})
