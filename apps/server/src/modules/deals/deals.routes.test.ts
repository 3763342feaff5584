import { randomUUID } from 'node:crypto'
import type { Deal, DealContact, DealsResponse } from '@dealcoach/contracts/deals'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contacts, dealStageHistory, deals } from '../../db/schema/deals.js'
import { pipelines, stages } from '../../db/schema/pipelines.js'
import { callAs, inviteMember, type SignedIn, signUp } from '../../test-support/auth-helpers.js'
import { type ErrorJson, pathsOf } from '../../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

describe('deals', () => {
  let testApp: TestApp
  const app = () => testApp.app
  let adminA: SignedIn
  let memberA: SignedIn
  let adminB: SignedIn
  /** Organisation A's seeded pipeline and a second one added below. */
  let main: { id: string; stageIds: string[] }
  let other: { id: string; stageIds: string[] }

  const call = (
    session: SignedIn,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => callAs(app(), session, method, url, payload)

  async function createDeal(session: SignedIn, body: Record<string, unknown>): Promise<Deal> {
    const response = await call(session, 'POST', '/v1/deals', {
      pipeline_id: main.id,
      stage_id: main.stageIds[0],
      ...body,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json<Deal>()
  }

  async function historyOf(dealId: string) {
    return app()
      .db.select()
      .from(dealStageHistory)
      .where(eq(dealStageHistory.dealId, dealId))
      .orderBy(asc(dealStageHistory.changedAt))
  }

  async function seededPipeline(session: SignedIn) {
    const response = await call(session, 'GET', '/v1/pipelines')
    const [pipeline] = response.json<{ models: Pipeline[] }>().models
    if (!pipeline) throw new Error('no seeded pipeline')
    return { id: pipeline.id, stageIds: pipeline.stages.map((stage) => stage.stage_id) }
  }

  beforeAll(async () => {
    testApp = await createTestApp()
    adminA = await signUp(app(), { firstname: 'Ada', lastname: 'Admin' })
    memberA = await inviteMember(app(), adminA)
    adminB = await signUp(app())
    main = await seededPipeline(adminA)
    const [pipeline] = await app()
      .db.insert(pipelines)
      .values({ organisationId: adminA.organisationId, name: 'Renewals' })
      .returning()
    if (!pipeline) throw new Error('no pipeline')
    const rows = await app()
      .db.insert(stages)
      .values(
        ['Renew', 'Renewed'].map((name, position) => ({
          organisationId: adminA.organisationId,
          pipelineId: pipeline.id,
          name,
          position,
        })),
      )
      .returning()
    other = { id: pipeline.id, stageIds: rows.map((row) => row.id) }
  })

  afterAll(async () => {
    await testApp?.close()
  })

  it('creates a deal with defaults, contacts and its first stage-history row', async () => {
    const deal = await createDeal(adminA, {
      name: '  Acme expansion  ',
      amount: 12500.5,
      close_date: '2026-12-31',
      contacts: [
        { name: 'Bea Buyer', email: '  Bea@Acme.COM ', title: 'CFO', role: 'economic buyer' },
        { name: 'Carl Champion' },
      ],
    })
    expect(deal).toMatchObject({
      name: 'Acme expansion',
      amount: 12500.5,
      currency: 'USD',
      status: 'open',
      source: 'manual',
      owner_id: adminA.userId,
      close_date: '2026-12-31',
      last_activity_at: null,
    })
    expect(
      deal.contacts?.map(({ name, email, title, role }) => ({ name, email, title, role })),
    ).toEqual([
      { name: 'Bea Buyer', email: 'bea@acme.com', title: 'CFO', role: 'economic buyer' },
      { name: 'Carl Champion', email: null, title: null, role: null },
    ])
    const history = await historyOf(deal.id)
    expect(history.map((row) => [row.fromStageId, row.toStageId])).toEqual([
      [null, main.stageIds[0]],
    ])
  })

  it('reuses the organisation’s contact with the same e-mail', async () => {
    const first = await createDeal(adminA, {
      name: 'Reuse 1',
      contacts: [{ name: 'Dana', email: 'dana@x.io' }],
    })
    const second = await createDeal(adminA, {
      name: 'Reuse 2',
      contacts: [{ name: 'Dana D.', email: ' DANA@x.io', role: 'champion' }],
    })
    expect(second.contacts?.[0]?.id).toBe(first.contacts?.[0]?.id)
    const rows = await app()
      .db.select()
      .from(contacts)
      .where(
        and(eq(contacts.organisationId, adminA.organisationId), eq(contacts.email, 'dana@x.io')),
      )
    expect(rows).toHaveLength(1)
  })

  it('refuses bad input with field paths', async () => {
    const response = await call(adminA, 'POST', '/v1/deals', {
      pipeline_id: main.id,
      stage_id: main.stageIds[0],
      name: ' ',
      amount: 1.234,
      currency: 'usd',
      close_date: '31.12.2026',
      extra: 1,
    })
    expect(response.statusCode).toBe(400)
    expect(pathsOf(response.body)).toEqual(
      expect.arrayContaining(['body.name', 'body.amount', 'body.currency', 'body.close_date']),
    )
    const negative = await call(adminA, 'POST', '/v1/deals', {
      pipeline_id: main.id,
      stage_id: main.stageIds[0],
      name: 'x',
      amount: -1,
    })
    expect(pathsOf(negative.body)).toEqual(['body.amount'])
    // The bound, so that the client says "0 or more" rather than guessing from the sentence.
    expect(negative.json<{ error: { details: unknown[] } }>().error.details).toEqual([
      expect.objectContaining({
        code: 'too_small',
        params: { origin: 'number', minimum: 0 },
      }),
    ])
  })

  it('refuses a stage of another pipeline and an owner outside the organisation', async () => {
    const stage = await call(adminA, 'POST', '/v1/deals', {
      pipeline_id: main.id,
      stage_id: other.stageIds[0],
      name: 'Wrong stage',
    })
    expect(stage.statusCode).toBe(400)
    expect(pathsOf(stage.body)).toEqual(['body.stage_id'])
    const owner = await call(adminA, 'POST', '/v1/deals', {
      pipeline_id: main.id,
      stage_id: main.stageIds[0],
      name: 'Foreign owner',
      owner_id: adminB.userId,
    })
    expect(owner.statusCode).toBe(400)
    expect(pathsOf(owner.body)).toEqual(['body.owner_id'])
  })

  it('takes ids in capitals as the same ids (UUIDs are case-insensitive)', async () => {
    const response = await call(adminA, 'POST', '/v1/deals', {
      pipeline_id: main.id.toUpperCase(),
      stage_id: main.stageIds[0]?.toUpperCase(),
      name: 'Shouted ids',
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json<Deal>()).toMatchObject({
      pipeline_id: main.id,
      stage_id: main.stageIds[0],
    })
  })

  it('names pipeline_id, not stage_id, for a pipeline of another organisation or none', async () => {
    const foreign = await seededPipeline(adminB)
    for (const pipeline of [foreign, { id: randomUUID(), stageIds: foreign.stageIds }]) {
      const response = await call(adminA, 'POST', '/v1/deals', {
        pipeline_id: pipeline.id,
        stage_id: pipeline.stageIds[0],
        name: 'Foreign pipeline',
      })
      expect(response.statusCode).toBe(400)
      expect(response.json<ErrorJson>().error.details).toEqual([
        {
          path: 'body.pipeline_id',
          message: 'is not a pipeline of your organisation',
          code: 'unknown_pipeline',
        },
      ])
    }
    const deal = await createDeal(adminA, { name: 'Stays put' })
    const moved = await call(adminA, 'PATCH', `/v1/deals/${deal.id}`, {
      pipeline_id: foreign.id,
      stage_id: foreign.stageIds[0],
    })
    expect(pathsOf(moved.body)).toEqual(['body.pipeline_id'])
  })

  it('edits fields and records a stage change in the history', async () => {
    const deal = await createDeal(adminA, { name: 'Edit me', amount: 10 })
    const response = await call(adminA, 'PATCH', `/v1/deals/${deal.id}`, {
      name: 'Edited',
      stage_id: main.stageIds[1],
      amount: null,
      currency: 'EUR',
      status: 'won',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<Deal>()).toMatchObject({
      name: 'Edited',
      stage_id: main.stageIds[1],
      amount: null,
      currency: 'EUR',
      status: 'won',
      contacts: [],
    })
    const history = await historyOf(deal.id)
    expect(history.map((row) => [row.fromStageId, row.toStageId])).toEqual([
      [null, main.stageIds[0]],
      [main.stageIds[0], main.stageIds[1]],
    ])
    // A patch without a stage change adds no history.
    await call(adminA, 'PATCH', `/v1/deals/${deal.id}`, { name: 'Again' })
    expect(await historyOf(deal.id)).toHaveLength(2)
  })

  it('replaces the contact list: keeps by id, adds, unlinks', async () => {
    const deal = await createDeal(adminA, {
      name: 'Contacts',
      contacts: [{ name: 'Keep' }, { name: 'Drop' }],
    })
    const keep = deal.contacts?.find((contact) => contact.name === 'Keep')
    const response = await call(adminA, 'PATCH', `/v1/deals/${deal.id}`, {
      contacts: [
        { id: keep?.id, name: 'Kept', role: 'champion' },
        { name: 'New', email: 'new@y.io' },
      ],
    })
    expect(response.statusCode, response.body).toBe(200)
    const listed = await call(adminA, 'GET', `/v1/deals/${deal.id}/contacts`)
    const names = listed
      .json<{ models: DealContact[] }>()
      .models.map((contact) => [contact.name, contact.role])
    expect(names).toEqual([
      ['Kept', 'champion'],
      ['New', null],
    ])
    const foreignId = await call(adminA, 'PATCH', `/v1/deals/${deal.id}`, {
      contacts: [{ id: '00000000-0000-4000-8000-000000000000', name: 'X' }],
    })
    expect(pathsOf(foreignId.body)).toEqual(['body.contacts.0.id'])
  })

  it('moves a deal to another pipeline only with a stage of it', async () => {
    const deal = await createDeal(adminA, { name: 'Mover' })
    const withoutStage = await call(adminA, 'PATCH', `/v1/deals/${deal.id}`, {
      pipeline_id: other.id,
    })
    expect(withoutStage.statusCode).toBe(400)
    expect(pathsOf(withoutStage.body)).toEqual(['body.stage_id'])
    const wrongStage = await call(adminA, 'PATCH', `/v1/deals/${deal.id}`, {
      pipeline_id: other.id,
      stage_id: main.stageIds[1],
    })
    expect(pathsOf(wrongStage.body)).toEqual(['body.stage_id'])
    const stageOnly = await call(adminA, 'PATCH', `/v1/deals/${deal.id}`, {
      stage_id: other.stageIds[0],
    })
    expect(pathsOf(stageOnly.body)).toEqual(['body.stage_id'])
    const moved = await call(adminA, 'PATCH', `/v1/deals/${deal.id}`, {
      pipeline_id: other.id,
      stage_id: other.stageIds[1],
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json<Deal>()).toMatchObject({ pipeline_id: other.id, stage_id: other.stageIds[1] })
    expect((await historyOf(deal.id)).at(-1)).toMatchObject({
      fromStageId: main.stageIds[0],
      toStageId: other.stageIds[1],
    })
  })

  it('deletes a deal', async () => {
    const deal = await createDeal(adminA, { name: 'Doomed' })
    const response = await call(adminA, 'DELETE', `/v1/deals/${deal.id}`)
    expect(response.statusCode).toBe(204)
    expect((await call(adminA, 'GET', `/v1/deals/${deal.id}`)).statusCode).toBe(404)
    expect(await app().db.select().from(deals).where(eq(deals.id, deal.id))).toHaveLength(0)
  })

  it('lets a member change their own deals only', async () => {
    const own = await createDeal(memberA, { name: 'Member’s' })
    expect(own.owner_id).toBe(memberA.userId)
    const edited = await call(memberA, 'PATCH', `/v1/deals/${own.id}`, { name: 'Member’s, edited' })
    expect(edited.statusCode, edited.body).toBe(200)

    const admins = await createDeal(adminA, { name: 'Admin’s' })
    for (const response of [
      await call(memberA, 'PATCH', `/v1/deals/${admins.id}`, { name: 'Mine now' }),
      await call(memberA, 'DELETE', `/v1/deals/${admins.id}`),
      await call(memberA, 'POST', '/v1/deals', {
        pipeline_id: main.id,
        stage_id: main.stageIds[0],
        name: 'For the admin',
        owner_id: adminA.userId,
      }),
      await call(memberA, 'PATCH', `/v1/deals/${own.id}`, { owner_id: adminA.userId }),
    ]) {
      expect(response.statusCode).toBe(403)
      expect(response.json<ErrorJson>().error.code).toBe('not_deal_owner')
    }
    // Members still read every deal; admins change any.
    expect((await call(memberA, 'GET', `/v1/deals/${admins.id}`)).statusCode).toBe(200)
    expect(
      (await call(adminA, 'PATCH', `/v1/deals/${own.id}`, { status: 'lost' })).statusCode,
    ).toBe(200)
    expect((await call(memberA, 'DELETE', `/v1/deals/${own.id}`)).statusCode).toBe(204)
  })

  it('answers 404 for another organisation’s deal on every route', async () => {
    const deal = await createDeal(adminA, { name: 'Private' })
    const responses = [
      await call(adminB, 'GET', `/v1/deals/${deal.id}`),
      await call(adminB, 'GET', `/v1/deals/${deal.id}/contacts`),
      await call(adminB, 'PATCH', `/v1/deals/${deal.id}`, { name: 'Taken' }),
      await call(adminB, 'DELETE', `/v1/deals/${deal.id}`),
    ]
    expect(responses.map((response) => response.statusCode)).toEqual([404, 404, 404, 404])
    const list = await call(adminB, 'GET', '/v1/deals?searchQuery=Private')
    expect(list.json<DealsResponse>().data).toEqual([])
    // Nor can B's admin file a deal into A's pipeline.
    const create = await call(adminB, 'POST', '/v1/deals', {
      pipeline_id: main.id,
      stage_id: main.stageIds[0],
      name: 'Intruder',
    })
    expect(create.statusCode).toBe(400)
  })

  it('reads one deal with includes', async () => {
    const deal = await createDeal(adminA, { name: 'Included', contacts: [{ name: 'Eve' }] })
    const bare = await call(adminA, 'GET', `/v1/deals/${deal.id}`)
    expect(bare.json<Deal>()).not.toHaveProperty('stage')
    expect(bare.json<Deal>()).not.toHaveProperty('contacts')
    const full = await call(adminA, 'GET', `/v1/deals/${deal.id}?includes=stage,owner,contacts`)
    expect(full.statusCode, full.body).toBe(200)
    expect(full.json<Deal>()).toMatchObject({
      stage: { id: main.stageIds[0] },
      owner: { id: adminA.userId, first_name: 'Ada', last_name: 'Admin' },
      contacts: [{ name: 'Eve' }],
    })
    const unknown = await call(adminA, 'GET', `/v1/deals/${deal.id}?includes=stage,notes`)
    expect(unknown.statusCode).toBe(400)
  })

  describe('list', () => {
    let listAdmin: SignedIn
    let pipeline: { id: string; stageIds: string[] }

    beforeAll(async () => {
      listAdmin = await signUp(app())
      pipeline = await seededPipeline(listAdmin)
      for (const name of ['Zeta 100% deal', 'Alpha', 'Beta', 'Gamma', 'Delta']) {
        const response = await call(listAdmin, 'POST', '/v1/deals', {
          pipeline_id: pipeline.id,
          stage_id: pipeline.stageIds[0],
          name,
        })
        expect(response.statusCode).toBe(201)
      }
      // The most recently active deal comes first; never-active ones after, newest first.
      const [beta] = await app()
        .db.select()
        .from(deals)
        .where(and(eq(deals.organisationId, listAdmin.organisationId), eq(deals.name, 'Beta')))
      await app().db.update(deals).set({ lastActivityAt: new Date() }).where(eq(deals.id, beta!.id))
    })

    const names = async (query: string) => {
      const response = await call(listAdmin, 'GET', `/v1/deals${query}`)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<DealsResponse>()
    }

    it('orders by last activity, then newest, and pages', async () => {
      const all = await names('')
      expect(all.data.map((deal) => deal.name)).toEqual([
        'Beta',
        'Delta',
        'Gamma',
        'Alpha',
        'Zeta 100% deal',
      ])
      expect(all.pagination).toEqual({ page: 1, page_size: 30, total: 5 })
      const page2 = await names('?page=2&perPage=2')
      expect(page2.data.map((deal) => deal.name)).toEqual(['Gamma', 'Alpha'])
      expect(page2.pagination).toEqual({ page: 2, page_size: 2, total: 5 })
      const snake = await names('?page=3&per_page=2')
      expect(snake.data.map((deal) => deal.name)).toEqual(['Zeta 100% deal'])
      expect((await call(listAdmin, 'GET', '/v1/deals?perPage=101')).statusCode).toBe(400)
    })

    it('filters by pipeline and searches the name in both spellings', async () => {
      expect((await names(`?pipelineId=${pipeline.id}`)).pagination.total).toBe(5)
      expect((await names(`?pipeline_id.eq=${pipeline.id}`)).pagination.total).toBe(5)
      expect((await names(`?pipeline_id.eq=${main.id}`)).pagination.total).toBe(0)
      expect((await names('?searchQuery=ET')).data.map((deal) => deal.name)).toEqual([
        'Beta',
        'Zeta 100% deal',
      ])
      expect((await names('?name.ilike=alp')).data.map((deal) => deal.name)).toEqual(['Alpha'])
      // % is a literal character, not a wildcard.
      expect((await names('?searchQuery=0%25')).data.map((deal) => deal.name)).toEqual([
        'Zeta 100% deal',
      ])
      const included = await names('?includes=stage&perPage=1')
      expect(included.data[0]?.stage?.id).toBe(pipeline.stageIds[0])
    })

    it('refuses an unknown filter field or operator, naming it', async () => {
      const field = await call(listAdmin, 'GET', '/v1/deals?colour.eq=red')
      expect(field.statusCode).toBe(400)
      expect(pathsOf(field.body)).toEqual(['querystring.colour.eq'])
      expect(field.json<ErrorJson>().error.message).toContain('colour')
      const operator = await call(listAdmin, 'GET', '/v1/deals?name.eq=Alpha')
      expect(operator.statusCode).toBe(400)
      expect(operator.json<ErrorJson>().error.message).toContain('eq')
    })
  })
})
