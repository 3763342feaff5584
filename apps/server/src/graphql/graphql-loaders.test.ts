import type { SolutionFitScoring } from '@dealcoach/contracts/intelligence'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { insertAssessments } from '../test-support/assessment-fixtures.js'
import { callAs, inviteMember } from '../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { graphql, workspace, type Workspace } from './graphql-test-helpers.js'

const DEALS_QUERY = /* GraphQL */ `
  query Deals($pipelineId: ID!, $perPage: Int!) {
    deals(pipelineId: $pipelineId, perPage: $perPage) {
      total
      items {
        id
        name
        confidence
        stage {
          name
        }
        owner {
          firstName
        }
        solutionFit {
          tier
          scoring {
            evidenceRefs {
              text
              engagement {
                id
                name
                type
              }
            }
          }
        }
      }
    }
  }
`

interface DealsAnswer {
  deals: {
    total: number
    items: {
      stage: { name: string }
      owner: { firstName: string } | null
      confidence: number | null
      solutionFit: {
        scoring: { evidenceRefs: { engagement: { id: string; name: string } }[] }[]
      } | null
    }[]
  }
}

/**
 * Runs `work` and counts the SQL statements the app sends meanwhile, on either driver; pg-boss's
 * own statements (it shares the connection) are left out.
 */
async function countQueries(app: FastifyInstance, work: () => Promise<unknown>) {
  const { pglite, pool } = app.database
  const driver = (pglite ?? pool) as unknown as { query: (...args: unknown[]) => unknown }
  const spy = vi.spyOn(driver, 'query')
  let calls: unknown[][]
  try {
    await work()
  } finally {
    calls = [...spy.mock.calls]
    spy.mockRestore()
  }
  return calls
    .map(([query]) =>
      typeof query === 'string' ? query : String((query as { text?: unknown }).text),
    )
    .filter((text) => !/pgboss/i.test(text))
}

function scoringCiting(engagement: { id: string; name: string }): SolutionFitScoring[] {
  return [
    {
      type: 'problem_pain_identification',
      score: 2,
      justification: 'The buyer named the manual reporting hours.',
      evidenceRefs: [
        {
          engagement: { ...engagement, date: '2026-11-02T10:00:00.000Z', type: 'transcript' },
          new: true,
          role: 'buyer',
          speaker: 'Bea Buyer',
          text: 'We spend hours every week on manual reporting.',
        },
      ],
    },
  ]
}

describe('GraphQL loaders', () => {
  let testApp: TestApp
  let app: FastifyInstance
  let space: Workspace

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    app = testApp.app
    await app.ready()
    space = await workspace(app)
    const member = await inviteMember(app, space.admin)
    const pipeline = await callAs(app, space.admin, 'GET', `/v1/pipelines/${space.pipelineId}`)
    const stageIds = pipeline
      .json<{ stages: { stage_id: string }[] }>()
      .stages.map((s) => s.stage_id)
    const dealIds: string[] = []
    for (let index = 0; index < 50; index += 1) {
      const created = await callAs(app, space.admin, 'POST', '/v1/deals', {
        pipeline_id: space.pipelineId,
        stage_id: stageIds[index % stageIds.length],
        owner_id: index % 2 === 0 ? space.admin.userId : member.userId,
        name: `Deal ${index}`,
      })
      expect(created.statusCode, created.body).toBe(201)
      dealIds.push(created.json<{ id: string }>().id)
    }
    // Each deal's evidence cites one of three calls on the first deal.
    const engagements: { id: string; name: string }[] = []
    for (const name of ['Discovery', 'Demo', 'Pricing']) {
      const uploaded = await callAs(
        app,
        space.admin,
        'POST',
        `/v1/deals/${dealIds[0]}/engagements`,
        {
          type: 'transcript',
          name,
          occurred_at: '2026-11-02T10:00:00.000Z',
          text: `Bea Buyer: We talked about ${name}.`,
          roles: { 'Bea Buyer': 'buyer' },
        },
      )
      expect(uploaded.statusCode, uploaded.body).toBe(201)
      engagements.push({ id: uploaded.json<{ engagement: { id: string } }>().engagement.id, name })
    }
    await insertAssessments(
      app,
      space.admin.organisationId,
      dealIds.map((dealId, index) => ({
        dealId,
        tier: 2,
        scoring: scoringCiting(engagements[index % 3] ?? { id: '', name: '' }),
        confidence: 40 + index,
      })),
    )
  })
  afterAll(() => testApp.close())

  it('reads a page of 5 deals and one of 50 with the same number of queries', async () => {
    const counts: number[] = []
    for (const perPage of [5, 50]) {
      let answer: Awaited<ReturnType<typeof graphql<DealsAnswer>>> | undefined
      const statements = await countQueries(app, async () => {
        answer = await graphql<DealsAnswer>(app, space.admin, DEALS_QUERY, {
          pipelineId: space.pipelineId,
          perPage,
        })
      })
      expect(answer?.errors).toBeUndefined()
      const items = answer?.data?.deals.items ?? []
      expect(items).toHaveLength(perPage)
      for (const item of items) {
        expect(item.stage.name).not.toBe('')
        expect(['Ada', 'Carol']).toContain(item.owner?.firstName)
        expect(item.confidence).toBeGreaterThanOrEqual(40)
        const cited = item.solutionFit?.scoring[0]?.evidenceRefs[0]?.engagement.name
        expect(['Discovery', 'Demo', 'Pricing']).toContain(cited)
      }
      counts.push(statements.length)
    }
    // The page and its count, then one query each for stages, owners, assessments, engagements.
    expect(counts[0]).toBe(counts[1])
    expect(counts[0]).toBeLessThanOrEqual(6)
    console.info(`GraphQL deals page: ${counts.join(' and ')} SQL queries for 5 and 50 deals`)
  })

  interface RelationsAnswer {
    deals: { items?: DealRelationsItem[]; list?: DealRelationsItem[] }
  }
  interface DealRelationsItem {
    id: string
    stage: { id: string; name: string; position: number }
    owner?: { id: string; firstName: string; email: string; role: string } | null
    who?: { id: string; firstName: string; email: string; role: string } | null
  }

  it("answers a page's stages and owners alike when asked through fragments and aliases", async () => {
    const variables = { pipelineId: space.pipelineId }
    const plain = await graphql<RelationsAnswer>(
      app,
      space.admin,
      /* GraphQL */ `
        query ($pipelineId: ID!) {
          deals(pipelineId: $pipelineId, perPage: 10) {
            items {
              id
              stage {
                id
                name
                position
              }
              owner {
                id
                firstName
                email
                role
              }
            }
          }
        }
      `,
      variables,
    )
    const viaFragments = await graphql<RelationsAnswer>(
      app,
      space.admin,
      /* GraphQL */ `
        query ($pipelineId: ID!) {
          deals(pipelineId: $pipelineId, perPage: 10) {
            list: items {
              id
              ...Where
              ... on Deal {
                who: owner {
                  id
                  firstName
                  email
                  role
                }
              }
            }
          }
        }
        fragment Where on Deal {
          stage {
            id
            name
            position
          }
        }
      `,
      variables,
    )

    expect(plain.errors).toBeUndefined()
    expect(viaFragments.errors).toBeUndefined()
    const items = plain.data?.deals.items ?? []
    expect(items).toHaveLength(10)
    expect(items.every((item) => item.stage.name !== '' && item.owner?.email)).toBe(true)
    expect(
      (viaFragments.data?.deals.list ?? []).map(({ who, ...item }) => ({ ...item, owner: who })),
    ).toEqual(items)
  })

  it('reads no stages or owners for a page that asks for neither', async () => {
    let answer: Awaited<ReturnType<typeof graphql<RelationsAnswer>>> | undefined
    const statements = await countQueries(app, async () => {
      answer = await graphql<RelationsAnswer>(
        app,
        space.admin,
        /* GraphQL */ `
          query ($pipelineId: ID!) {
            deals(pipelineId: $pipelineId, perPage: 10) {
              items {
                id
              }
            }
          }
        `,
        { pipelineId: space.pipelineId },
      )
    })

    expect(answer?.data?.deals.items).toHaveLength(10)
    expect(statements.filter((text) => /from "(stages|users)"/.test(text))).toEqual([])
  })
})
