import { randomUUID } from 'node:crypto'
import { DEFAULT_PIPELINE } from '@dealcoach/playbooks/default-pipeline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actions, pipelines, stages } from '../../db/schema/pipelines.js'
import { callAs, type SignedIn, signUp, uniqueEmail } from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

type ErrorJson = { error: { code: string; message: string; details?: { path: string }[] } }
interface PipelineJson {
  id: string
  name: string
  active: boolean
  remote_id: string | null
  created_at: string
  updated_at: string
  stages: { stage_id: string; name: string; position: number; remote_stage_id: string | null }[]
  actions: {
    action_id: string
    stage_id: string | null
    name: string
    description: string
    position: number
  }[]
}
interface ListJson {
  models: PipelineJson[]
  pagination: { page: number; page_size: number; total: number }
}

describe('pipelines', () => {
  let testApp: TestApp
  const app = () => testApp.app
  /** Organisation A: the seeded pipeline plus two added below. Organisation B: only its seed. */
  let adminA: SignedIn
  let adminB: SignedIn
  let renewalsId: string

  const get = (url: string, session?: SignedIn) => callAs(app(), session, 'GET', url)
  const list = async (url: string, session: SignedIn) => {
    const response = await get(url, session)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ListJson>()
  }
  const pathsOf = (body: string) =>
    (JSON.parse(body) as ErrorJson).error.details?.map((d) => d.path).sort()

  /** A pipeline whose rows are inserted out of order, with an action outside every stage. */
  async function addRenewalsPipeline(organisationId: string): Promise<string> {
    const [pipeline] = await app()
      .db.insert(pipelines)
      .values({ organisationId, name: 'Alpha Renewals', active: false, remoteId: 'crm-7' })
      .returning()
    if (!pipeline) throw new Error('no pipeline inserted')
    const [later, earlier] = await app()
      .db.insert(stages)
      .values([
        { organisationId, pipelineId: pipeline.id, name: 'Later', position: 1 },
        {
          organisationId,
          pipelineId: pipeline.id,
          name: 'Earlier',
          position: 0,
          remoteStageId: 'crm-stage-1',
        },
      ])
      .returning()
    if (!later || !earlier) throw new Error('no stages inserted')
    const base = { organisationId, pipelineId: pipeline.id }
    await app()
      .db.insert(actions)
      .values([
        { ...base, stageId: null, name: 'Unstaged', position: 0 },
        { ...base, stageId: later.id, name: 'Later first', position: 0 },
        { ...base, stageId: earlier.id, name: 'Earlier second', position: 1, description: 'd' },
        { ...base, stageId: earlier.id, name: 'Earlier first', position: 0 },
      ])
    return pipeline.id
  }

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    adminA = await signUp(app(), { email: uniqueEmail('alice', 'alpha.example') })
    adminB = await signUp(app(), { email: uniqueEmail('bob', 'beta.example') })
    renewalsId = await addRenewalsPipeline(adminA.organisationId)
    await app()
      .db.insert(pipelines)
      .values({ organisationId: adminA.organisationId, name: 'Zeta Expansion' })
  })
  afterAll(() => testApp.close())

  it('shows a new sign-up exactly its seeded "New Business" pipeline', async () => {
    const body = await list('/v1/pipelines', adminB)
    expect(body.pagination).toEqual({ page: 1, page_size: 100, total: 1 })
    expect(body.models).toHaveLength(1)
    const [pipeline] = body.models
    expect(pipeline).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      name: 'New Business',
      active: true,
      remote_id: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
    })
    expect(pipeline?.stages.map((s) => [s.name, s.position, s.remote_stage_id])).toEqual([
      ['Discovery', 0, null],
      ['Demo', 1, null],
      ['Proposal', 2, null],
      ['Negotiation', 3, null],
    ])

    // 15 actions, grouped by stage in stage order, each stage's in position order.
    const stageIds = pipeline?.stages.map((s) => s.stage_id) ?? []
    expect(pipeline?.actions).toHaveLength(15)
    expect(pipeline?.actions.map((a) => [stageIds.indexOf(a.stage_id ?? ''), a.position])).toEqual(
      DEFAULT_PIPELINE.stages.flatMap((stage, stageIndex) =>
        stage.actions.map((_, position) => [stageIndex, position]),
      ),
    )
    expect(pipeline?.actions.map((a) => [a.name, a.description])).toEqual(
      DEFAULT_PIPELINE.stages.flatMap((stage) => stage.actions.map((a) => [a.name, a.description])),
    )
    expect(Object.keys(pipeline?.actions[0] ?? {}).sort()).toEqual([
      'action_id',
      'description',
      'name',
      'position',
      'stage_id',
    ])

    const one = await get(`/v1/pipelines/${pipeline?.id}`, adminB)
    expect(one.statusCode).toBe(200)
    expect(one.json()).toEqual(pipeline)
  })

  it('orders stages by position and actions by stage, then position, unstaged last', async () => {
    const response = await get(`/v1/pipelines/${renewalsId}`, adminA)
    expect(response.statusCode).toBe(200)
    const pipeline = response.json<PipelineJson>()
    expect(pipeline).toMatchObject({ name: 'Alpha Renewals', active: false, remote_id: 'crm-7' })
    expect(pipeline.stages.map((s) => [s.name, s.remote_stage_id])).toEqual([
      ['Earlier', 'crm-stage-1'],
      ['Later', null],
    ])
    const [earlier, later] = pipeline.stages
    expect(pipeline.actions.map((a) => [a.name, a.stage_id, a.position])).toEqual([
      ['Earlier first', earlier?.stage_id, 0],
      ['Earlier second', earlier?.stage_id, 1],
      ['Later first', later?.stage_id, 0],
      ['Unstaged', null, 0],
    ])
  })

  it('pages by name, accepting pages as an alias of page', async () => {
    const all = await list('/v1/pipelines', adminA)
    expect(all.pagination).toEqual({ page: 1, page_size: 100, total: 3 })
    expect(all.models.map((p) => p.name)).toEqual([
      'Alpha Renewals',
      'New Business',
      'Zeta Expansion',
    ])
    expect(all.models.map((p) => [p.stages.length, p.actions.length])).toEqual([
      [2, 4],
      [4, 15],
      [0, 0],
    ])

    const first = await list('/v1/pipelines?page_size=2', adminA)
    expect(first.pagination).toEqual({ page: 1, page_size: 2, total: 3 })
    expect(first.models.map((p) => p.name)).toEqual(['Alpha Renewals', 'New Business'])

    for (const query of [
      'page=2&page_size=2',
      'pages=2&page_size=2',
      'page=2&pages=2&page_size=2',
    ]) {
      const second = await list(`/v1/pipelines?${query}`, adminA)
      expect(second.pagination, query).toEqual({ page: 2, page_size: 2, total: 3 })
      expect(second.models.map((p) => p.name)).toEqual(['Zeta Expansion'])
    }

    const beyond = await list('/v1/pipelines?pages=5&page_size=2', adminA)
    expect(beyond).toEqual({ models: [], pagination: { page: 5, page_size: 2, total: 3 } })
  })

  it('validates paging parameters', async () => {
    const tooBig = await get('/v1/pipelines?page_size=1001', adminA)
    expect(tooBig.statusCode).toBe(400)
    expect(tooBig.json<ErrorJson>().error.code).toBe('validation_failed')
    expect(pathsOf(tooBig.body)).toEqual(['querystring.page_size'])
    expect((await get('/v1/pipelines?page_size=1000', adminA)).statusCode).toBe(200)

    const bad = await get('/v1/pipelines?page=0&pages=abc&page_size=0', adminA)
    expect(bad.statusCode).toBe(400)
    expect(pathsOf(bad.body)).toEqual([
      'querystring.page',
      'querystring.page_size',
      'querystring.pages',
    ])

    const conflicting = await get('/v1/pipelines?page=1&pages=2', adminA)
    expect(conflicting.statusCode).toBe(400)
    expect(pathsOf(conflicting.body)).toEqual(['querystring.pages'])
  })

  it("keeps organisations apart: another organisation's pipeline is 404 and never listed", async () => {
    const idsOfA = (await list('/v1/pipelines', adminA)).models.map((p) => p.id)
    const idsOfB = (await list('/v1/pipelines', adminB)).models.map((p) => p.id)
    expect(idsOfB).toHaveLength(1)
    expect(idsOfA.filter((id) => idsOfB.includes(id))).toEqual([])

    for (const [session, id] of [
      [adminB, renewalsId],
      [adminA, idsOfB[0]],
      [adminA, randomUUID()],
    ] as const) {
      const response = await get(`/v1/pipelines/${id}`, session)
      expect(response.statusCode).toBe(404)
      expect(response.json<ErrorJson>().error).toEqual({
        code: 'not_found',
        message: 'Pipeline not found',
      })
    }
  })

  it('answers 400 naming params.id for a malformed id', async () => {
    const response = await get('/v1/pipelines/not-a-uuid', adminA)
    expect(response.statusCode).toBe(400)
    expect(response.json<ErrorJson>().error.code).toBe('validation_failed')
    expect(pathsOf(response.body)).toEqual(['params.id'])
  })

  it('requires a token', async () => {
    for (const url of ['/v1/pipelines', `/v1/pipelines/${renewalsId}`]) {
      const response = await get(url)
      expect(response.statusCode).toBe(401)
      expect(response.json<ErrorJson>().error.code).toBe('unauthorized')
      expect(response.headers['www-authenticate']).toBe('Bearer')
    }
  })

  it('documents both routes in the OpenAPI document', async () => {
    const response = await get('/openapi.json')
    expect(response.statusCode).toBe(200)
    const document = response.json<{ paths: Record<string, Record<string, unknown>> }>()
    expect(Object.keys(document.paths['/v1/pipelines'] ?? {})).toContain('get')
    expect(Object.keys(document.paths['/v1/pipelines/{id}'] ?? {})).toContain('get')
  })
})
