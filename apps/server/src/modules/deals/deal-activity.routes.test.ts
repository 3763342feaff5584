import type {
  ActivityHealthStats,
  DealActivityResponse,
  DealStageHistory,
  PipelineActivityResponse,
} from '@dealcoach/contracts/deal-activity'
import type { Deal, EngagedDealContact } from '@dealcoach/contracts/deals'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema/accounts.js'
import { actionResults, objections } from '../../db/schema/analysis.js'
import { deals } from '../../db/schema/deals.js'
import { engagements } from '../../db/schema/engagements.js'
import { objectionTypes } from '../../db/schema/objection-types.js'
import { callAs, inviteMember, type SignedIn, signUp } from '../../test-support/auth-helpers.js'
import { type ErrorJson, pathsOf } from '../../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

const DAY_MS = 86_400_000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS)
const isoDay = (at: Date) => at.toISOString().slice(0, 10)

/** Deal activity, stage history, a pipeline's activity and activity health (spec §3, §7). */
describe('deal activity', () => {
  let testApp: TestApp
  const app = () => testApp.app
  let admin: SignedIn
  let outsider: SignedIn
  let pipeline: Pipeline
  let otherPipeline: Pipeline
  let acme: Deal
  let quiet: Deal
  let won: Deal
  let elsewhere: Deal
  /** Acme's engagements: an e-mail 5 days ago, a call 2 days ago, a call 40 days ago. */
  const engagementIds = { email: randomUUID(), call: randomUUID(), oldCall: randomUUID() }
  const at = { email: daysAgo(5), call: daysAgo(2), oldCall: daysAgo(40) }

  const get = <T>(url: string, session = admin) =>
    callAs(app(), session, 'GET', url).then((response) => {
      expect(response.statusCode, response.body).toBe(200)
      return response.json<T>()
    })

  async function createDeal(target: Pipeline, body: Record<string, unknown>) {
    const response = await callAs(app(), admin, 'POST', '/v1/deals', {
      pipeline_id: target.id,
      stage_id: target.stages[0]?.stage_id,
      ...body,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json<Deal>()
  }

  beforeAll(async () => {
    testApp = await createTestApp()
    admin = await signUp(app())
    outsider = await signUp(app())
    const listed = await get<{ models: Pipeline[] }>('/v1/pipelines')
    const [seeded] = listed.models
    if (!seeded) throw new Error('no seeded pipeline')
    pipeline = seeded
    const created = await callAs(app(), admin, 'POST', '/v1/pipelines', {
      name: 'Renewals',
      framework: 'meddic',
    })
    otherPipeline = created.json<Pipeline>()
    acme = await createDeal(pipeline, {
      name: 'Acme rollout',
      contacts: [
        { name: 'Bea Buyer', email: 'bea@acme.com', role: 'champion' },
        { name: 'Carl Chief' },
        { name: 'Dora Silent', email: 'dora@acme.com' },
      ],
    })
    quiet = await createDeal(pipeline, { name: 'Quiet deal' })
    won = await createDeal(pipeline, { name: 'Won deal', status: 'won' })
    elsewhere = await createDeal(otherPipeline, { name: 'Renewal' })
    const moved = await callAs(app(), admin, 'PATCH', `/v1/deals/${acme.id}`, {
      stage_id: pipeline.stages[1]?.stage_id,
    })
    expect(moved.statusCode, moved.body).toBe(200)

    const base = { organisationId: admin.organisationId, dealId: acme.id }
    await app()
      .db.insert(engagements)
      .values([
        {
          ...base,
          id: engagementIds.email,
          type: 'email',
          name: 'Pricing',
          occurredAt: at.email,
          participants: ['Sam Seller <sam@seller.example>', 'BEA@acme.com'],
          body: 'Here is our price.',
        },
        {
          ...base,
          id: engagementIds.call,
          type: 'transcript',
          name: 'Demo',
          occurredAt: at.call,
          participants: ['Sam Seller'],
          utterances: [
            { speaker: 'Sam Seller', role: 'seller', text: 'Shall we book the pilot?' },
            { speaker: 'carl chief', role: 'buyer', text: 'Yes, next week.' },
          ],
        },
        {
          ...base,
          id: engagementIds.oldCall,
          type: 'transcript',
          name: 'Intro',
          occurredAt: at.oldCall,
          participants: ['Sam Seller', 'Bea Buyer'],
        },
        {
          organisationId: admin.organisationId,
          dealId: elsewhere.id,
          type: 'email',
          name: 'Renewal terms',
          occurredAt: daysAgo(3),
        },
      ])
    const [first, second] = pipeline.actions
    if (!first || !second) throw new Error('the seeded pipeline has too few actions')
    await app()
      .db.insert(actionResults)
      .values([
        {
          ...base,
          engagementId: engagementIds.call,
          actionId: first.action_id,
          status: 'Completed',
          summary: 'Pilot booked',
          statusDescription: 'The buyer agreed to a pilot.',
          results: [{ type: 'transcript', result: 'Yes, next week.' }],
        },
        {
          ...base,
          engagementId: engagementIds.email,
          actionId: second.action_id,
          status: 'In progress',
          summary: 'Price sent',
          results: [{ type: 'email', result: 'Here is our price.' }],
        },
        // Before the window: the status the window's first result for this action changes.
        {
          ...base,
          engagementId: engagementIds.oldCall,
          actionId: first.action_id,
          status: 'Waiting on the buyer',
        },
        // Not attributed to an engagement: part of the analysis, not of the activity.
        { ...base, engagementId: null, actionId: first.action_id, status: 'Pending' },
      ])
    await app().db.update(deals).set({ lastActivityAt: at.call }).where(eq(deals.id, acme.id))
    await app()
      .db.update(deals)
      .set({ lastActivityAt: daysAgo(12) })
      .where(eq(deals.id, won.id))
    // The engagements service keeps last_activity_at on every write; these rows bypassed it.
    await app()
      .db.update(deals)
      .set({ lastActivityAt: daysAgo(3) })
      .where(eq(deals.id, elsewhere.id))
  })

  afterAll(async () => {
    await testApp?.close()
  })

  describe('GET /v1/deals/{id}/activity', () => {
    it('answers the deal’s engagements in time order with their action results', async () => {
      const { models } = await get<DealActivityResponse>(`/v1/deals/${acme.id}/activity`)
      expect(models).toHaveLength(1)
      const [model] = models
      expect(model?.deal_id).toBe(acme.id)
      expect(model?.deal_name).toBe('Acme rollout')
      expect(model?.activity.map((entry) => entry.engagement_id)).toEqual([
        engagementIds.oldCall,
        engagementIds.email,
        engagementIds.call,
      ])
      expect(model?.activity[0]?.actions.map((action) => action.status)).toEqual([
        'Waiting on the buyer',
      ])
      expect(model?.activity[2]).toEqual({
        engagement_id: engagementIds.call,
        engagement_timestamp: at.call.toISOString(),
        actions: [
          {
            action: pipeline.actions[0]?.name,
            action_id: pipeline.actions[0]?.action_id,
            summary: 'Pilot booked',
            status: 'Completed',
            status_description: 'The buyer agreed to a pilot.',
            results: [{ type: 'transcript', result: 'Yes, next week.' }],
          },
        ],
      })
    })

    it('answers a deal without engagements with an empty activity, another org’s with 404', async () => {
      const { models } = await get<DealActivityResponse>(`/v1/deals/${quiet.id}/activity`)
      expect(models).toEqual([{ deal_id: quiet.id, deal_name: 'Quiet deal', activity: [] }])
      const foreign = await callAs(app(), outsider, 'GET', `/v1/deals/${acme.id}/activity`)
      expect(foreign.statusCode).toBe(404)
      const malformed = await callAs(app(), admin, 'GET', '/v1/deals/nope/activity')
      expect(malformed.statusCode).toBe(400)
      expect(pathsOf(malformed.body)).toEqual(['params.id'])
    })
  })

  describe('POST /v1/deals/stage-history/bulk-get', () => {
    const url = (pipelineId: string) => `/v1/deals/stage-history/bulk-get?pipeline_id=${pipelineId}`

    it('answers the pipeline’s deals among the ids, in the order asked, from either body', async () => {
      const unknown = randomUUID()
      const asList = await callAs(app(), admin, 'POST', url(pipeline.id), [
        quiet.id,
        unknown,
        elsewhere.id,
        acme.id,
      ])
      expect(asList.statusCode, asList.body).toBe(200)
      const { models } = asList.json<{ models: DealStageHistory[] }>()
      expect(models.map((model) => model.deal_id)).toEqual([quiet.id, acme.id])
      const [first, second] = pipeline.stages
      expect(models[1]?.history).toEqual([
        {
          timestamp: expect.any(String) as string,
          from_stage: null,
          to_stage: { stage_id: first?.stage_id, name: first?.name },
        },
        {
          timestamp: expect.any(String) as string,
          from_stage: { stage_id: first?.stage_id, name: first?.name },
          to_stage: { stage_id: second?.stage_id, name: second?.name },
        },
      ])
      const asObject = await callAs(app(), admin, 'POST', url(pipeline.id), {
        deal_ids: [acme.id],
      })
      expect(asObject.json<{ models: DealStageHistory[] }>().models).toEqual([models[1]])
      // UUIDs in capitals name the same deals and pipeline.
      const capitals = await callAs(app(), admin, 'POST', url(pipeline.id.toUpperCase()), [
        quiet.id.toUpperCase(),
        acme.id.toUpperCase(),
      ])
      expect(capitals.json<{ models: DealStageHistory[] }>().models).toEqual(models)
    })

    it('refuses more than 1,000 ids, malformed ids and a missing pipeline_id', async () => {
      const ids = (count: number) => Array.from({ length: count }, () => randomUUID())
      const allowed = await callAs(app(), admin, 'POST', url(pipeline.id), ids(1000))
      expect(allowed.statusCode, allowed.body).toBe(200)
      expect(allowed.json<{ models: unknown[] }>().models).toEqual([])
      const tooMany = await callAs(app(), admin, 'POST', url(pipeline.id), ids(1001))
      expect(tooMany.statusCode).toBe(400)
      expect(pathsOf(tooMany.body)).toEqual(['body'])
      const tooManyInObject = await callAs(app(), admin, 'POST', url(pipeline.id), {
        deal_ids: ids(1001),
      })
      expect(tooManyInObject.statusCode).toBe(400)
      const malformed = await callAs(app(), admin, 'POST', url(pipeline.id), [acme.id, 'x'])
      expect(malformed.statusCode).toBe(400)
      expect(pathsOf(malformed.body)).toEqual(['body.1'])
      const notAList = await callAs(app(), admin, 'POST', url(pipeline.id), { ids: [acme.id] })
      expect(notAList.statusCode).toBe(400)
      for (const query of ['', '?pipeline_id=']) {
        const missing = await callAs(
          app(),
          admin,
          'POST',
          `/v1/deals/stage-history/bulk-get${query}`,
          [],
        )
        expect(missing.statusCode, query).toBe(400)
        expect(missing.json<ErrorJson>().error.code, query).toBe('pipeline_id_required')
        expect(missing.json<ErrorJson>().error.message, query).toBe('Pipeline ID is required')
        expect(pathsOf(missing.body), query).toEqual(['querystring.pipeline_id'])
      }
    })

    it('answers 404 for another organisation’s pipeline and nothing of its deals', async () => {
      const foreign = await callAs(app(), outsider, 'POST', url(pipeline.id), [acme.id])
      expect(foreign.statusCode).toBe(404)
      const outsiderPipelines = await get<{ models: Pipeline[] }>('/v1/pipelines', outsider)
      const own = outsiderPipelines.models[0]?.id ?? ''
      const mixed = await callAs(app(), outsider, 'POST', url(own), [acme.id])
      expect(mixed.json<{ models: unknown[] }>().models).toEqual([])
    })
  })

  describe('GET /v1/pipelines/{id}/activity', () => {
    const url = (query = '', id = pipeline.id) => `/v1/pipelines/${id}/activity${query}`

    it('covers the last 30 days by default, the pipeline’s deals only', async () => {
      const { models } = await get<DealActivityResponse>(url(`?pipeline_id=${pipeline.id}`))
      const inCapitals = url(`?pipeline_id=${pipeline.id.toUpperCase()}`)
      expect((await get<DealActivityResponse>(inCapitals)).models).toEqual(models)
      // Won's last activity (12 days ago) was set without an engagement: the deals' kept last
      // activity decides who is listed, so it shows with none (as after deleting its engagements).
      expect(models.map((model) => model.deal_name)).toEqual(['Acme rollout', 'Won deal'])
      expect(models[1]?.activity).toEqual([])
      expect(models[0]?.activity.map((entry) => entry.engagement_id)).toEqual([
        engagementIds.email,
        engagementIds.call,
      ])
      expect(models[0]?.activity[0]?.actions[0]?.summary).toBe('Price sent')
      const renewals = await get<DealActivityResponse>(url('', otherPipeline.id))
      expect(renewals.models.map((model) => model.deal_id)).toEqual([elsewhere.id])
    })

    it('takes an inclusive date window', async () => {
      const day = (days: number) => isoDay(daysAgo(days))
      const window = await get<DealActivityResponse>(
        url(`?start_date=${isoDay(at.oldCall)}&end_date=${isoDay(at.email)}`),
      )
      expect(window.models[0]?.activity.map((entry) => entry.engagement_id)).toEqual([
        engagementIds.oldCall,
        engagementIds.email,
      ])
      const empty = await get<DealActivityResponse>(
        url(`?start_date=${day(30)}&end_date=${day(20)}`),
      )
      expect(empty.models).toEqual([])
    })

    it('answers 400 “Pipeline ID is required” for a blank pipeline_id', async () => {
      const response = await callAs(app(), admin, 'GET', url('?pipeline_id='))
      expect(response.statusCode).toBe(400)
      expect(response.json<ErrorJson>().error.message).toBe('Pipeline ID is required')
      expect(pathsOf(response.body)).toEqual(['querystring.pipeline_id'])
    })

    it('refuses another pipeline_id than the path’s, bad dates and a reversed window', async () => {
      const cases: [string, string][] = [
        [`?pipeline_id=${otherPipeline.id}`, 'querystring.pipeline_id'],
        ['?start_date=2026-02-30', 'querystring.start_date'],
        ['?end_date=yesterday', 'querystring.end_date'],
        ['?start_date=2026-03-10&end_date=2026-03-01', 'querystring.end_date'],
        ['?start_date=2020-01-01&end_date=2026-01-01', 'querystring.start_date'],
      ]
      for (const [query, path] of cases) {
        const response = await callAs(app(), admin, 'GET', url(query))
        expect(response.statusCode, query).toBe(400)
        expect(pathsOf(response.body), query).toEqual([path])
      }
    })

    it('answers 404 for another organisation’s pipeline', async () => {
      const response = await callAs(app(), outsider, 'GET', url())
      expect(response.statusCode).toBe(404)
      const filtered = await callAs(app(), outsider, 'GET', url(`?owner_id=${outsider.userId}`))
      expect(filtered.statusCode).toBe(404)
    })

    it('answers stage, owner, engagement kinds, objections and the statuses before the window', async () => {
      const [type] = await app()
        .db.select()
        .from(objectionTypes)
        .where(eq(objectionTypes.organisationId, admin.organisationId))
        .limit(1)
      if (!type) throw new Error('sign-up seeded no objection types')
      const [objection] = await app()
        .db.insert(objections)
        .values({
          organisationId: admin.organisationId,
          objectionTypeId: type.id,
          dealId: acme.id,
          engagementId: engagementIds.call,
          utteranceIndex: 1,
          text: 'Yes, next week.',
          handled: true,
          handlingScore: 0.8,
          occurredAt: at.call,
        })
        .returning()
      // Raised in a call before the window: neither it nor that call's results are listed.
      await app().db.insert(objections).values({
        organisationId: admin.organisationId,
        objectionTypeId: type.id,
        dealId: acme.id,
        engagementId: engagementIds.oldCall,
        utteranceIndex: 0,
        text: 'Too early for us.',
        handled: false,
        handlingScore: 0.2,
        occurredAt: at.oldCall,
      })
      const [owner] = await app().db.select().from(users).where(eq(users.id, admin.userId))
      const body = await get<PipelineActivityResponse>(url())
      expect(body.pagination).toEqual({ page: 1, page_size: 30, total: 2 })
      const [deal] = body.models
      expect(deal).toMatchObject({
        deal_id: acme.id,
        stage_id: pipeline.stages[1]?.stage_id,
        owner: { id: admin.userId, name: `${owner?.firstName} ${owner?.lastName}` },
        latest_activity_at: at.call.toISOString(),
        prior_statuses: [
          { action_id: pipeline.actions[0]?.action_id, status: 'Waiting on the buyer' },
        ],
      })
      expect(
        deal?.activity.map(({ engagement_type, engagement_name, objections: raised, actions }) => ({
          engagement_type,
          engagement_name,
          statuses: actions.map((action) => action.status),
          raised,
        })),
      ).toEqual([
        {
          engagement_type: 'email',
          engagement_name: 'Pricing',
          statuses: ['In progress'],
          raised: [],
        },
        {
          engagement_type: 'transcript',
          engagement_name: 'Demo',
          statuses: ['Completed'],
          raised: [
            {
              objection_id: objection?.id,
              objection_type_id: type.id,
              objection_type_name: type.name,
              quote: 'Yes, next week.',
              handled: true,
              utterance_index: 1,
            },
          ],
        },
      ])
      await app().db.delete(objections).where(eq(objections.dealId, acme.id))
    })

    it('pages through the deals, latest activity in the window first, and filters by owner', async () => {
      const recent = await createDeal(pipeline, { name: 'Zeta expansion' })
      const older = await createDeal(pipeline, { name: 'Alpha pilot' })
      // Through the API, so that the engagements service keeps the deals' last activity.
      for (const [deal, days, body] of [
        [
          recent,
          1,
          {
            type: 'transcript',
            text: 'Sam Seller: Monday?\nBea Buyer: Monday works.',
            roles: { 'Sam Seller': 'seller', 'Bea Buyer': 'buyer' },
          },
        ],
        [
          older,
          9,
          { type: 'email', direction: 'outbound', from: 'sam@seller.example', subject: 'Pilot' },
        ],
      ] as const) {
        const response = await callAs(app(), admin, 'POST', `/v1/deals/${deal.id}/engagements`, {
          body: 'Following up on the pilot.',
          ...body,
          occurred_at: daysAgo(days).toISOString(),
        })
        expect(response.statusCode, response.body).toBe(201)
      }
      const order = [recent.id, acme.id, older.id, won.id]
      const all = await get<PipelineActivityResponse>(url())
      expect(all.models.map((model) => model.deal_id)).toEqual(order)
      expect(all.pagination.total).toBe(4)

      const first = await get<PipelineActivityResponse>(url('?per_page=2'))
      const second = await get<PipelineActivityResponse>(url('?per_page=2&page=2'))
      expect(first.models.map((model) => model.deal_id)).toEqual(order.slice(0, 2))
      expect(second.models.map((model) => model.deal_id)).toEqual(order.slice(2))
      expect(second.pagination).toEqual({ page: 2, page_size: 2, total: 4 })
      const beyond = await get<PipelineActivityResponse>(url('?per_page=2&page=5'))
      expect(beyond).toEqual({ models: [], pagination: { page: 5, page_size: 2, total: 4 } })

      await app()
        .db.update(deals)
        .set({ ownerId: null })
        .where(and(eq(deals.organisationId, admin.organisationId), eq(deals.id, older.id)))
      const mine = await get<PipelineActivityResponse>(url(`?owner_id=${admin.userId}`))
      expect(mine.models.map((model) => model.deal_id)).toEqual([recent.id, acme.id, won.id])
      const nobody = await get<PipelineActivityResponse>(url(`?owner_id=${randomUUID()}`))
      expect(nobody).toEqual({ models: [], pagination: { page: 1, page_size: 30, total: 0 } })
      const blank = await get<PipelineActivityResponse>(url('?owner_id=&page=&per_page='))
      expect(blank.pagination).toEqual({ page: 1, page_size: 30, total: 4 })

      for (const deal of [recent, older]) {
        const removed = await callAs(app(), admin, 'DELETE', `/v1/deals/${deal.id}`)
        expect(removed.statusCode, removed.body).toBe(204)
      }
    })

    it('refuses bad paging and owner values with 400 at the field', async () => {
      const cases: [string, string][] = [
        ['?page=0', 'querystring.page'],
        ['?page=two', 'querystring.page'],
        ['?page=1.5', 'querystring.page'],
        ['?per_page=0', 'querystring.per_page'],
        ['?per_page=101', 'querystring.per_page'],
        ['?owner_id=not-a-user', 'querystring.owner_id'],
      ]
      for (const [query, path] of cases) {
        const response = await callAs(app(), admin, 'GET', url(query))
        expect(response.statusCode, query).toBe(400)
        expect(pathsOf(response.body), query).toEqual([path])
      }
    })
  })

  describe('GET /v1/pipelines/{id}/activity-health-stats', () => {
    it('counts open deals by staleness, overall and per stage in stage order', async () => {
      const stats = await get<ActivityHealthStats>(
        `/v1/pipelines/${pipeline.id}/activity-health-stats`,
      )
      // Acme is active (2 days), Quiet was never active (stale), Won is not open.
      expect(stats.pipeline_id).toBe(pipeline.id)
      expect(stats.total).toBe(2)
      expect(stats.overall).toEqual({ active: 1, cooling: 0, stale: 1 })
      expect(stats.stages.map((stage) => stage.stage_id)).toEqual(
        pipeline.stages.map((stage) => stage.stage_id),
      )
      expect(stats.stages[0]).toMatchObject({
        total: 1,
        counts: { active: 0, cooling: 0, stale: 1 },
      })
      expect(stats.stages[1]).toMatchObject({
        name: pipeline.stages[1]?.name,
        total: 1,
        counts: { active: 1, cooling: 0, stale: 0 },
      })
      const foreign = await callAs(
        app(),
        outsider,
        'GET',
        `/v1/pipelines/${pipeline.id}/activity-health-stats`,
      )
      expect(foreign.statusCode).toBe(404)
    })

    it('counts one owner’s open deals with owner_id, and refuses a malformed one', async () => {
      const url = (query: string) => `/v1/pipelines/${pipeline.id}/activity-health-stats${query}`
      const onlyIn = (stage: number) => pipeline.stages.map((_, index) => (index === stage ? 1 : 0))
      const rep = await inviteMember(app(), admin)
      const ownerOfQuiet = quiet.owner_id
      await app()
        .db.update(deals)
        .set({ ownerId: rep.userId })
        .where(and(eq(deals.organisationId, admin.organisationId), eq(deals.id, quiet.id)))
      try {
        // Quiet (stale, first stage) is the rep's; Acme (active, second stage) the admin's.
        const reps = await get<ActivityHealthStats>(url(`?owner_id=${rep.userId}`))
        expect(reps).toMatchObject({ total: 1, overall: { active: 0, cooling: 0, stale: 1 } })
        expect(reps.stages.map((stage) => stage.total)).toEqual(onlyIn(0))
        const admins = await get<ActivityHealthStats>(url(`?owner_id=${admin.userId}`))
        expect(admins).toMatchObject({ total: 1, overall: { active: 1, cooling: 0, stale: 0 } })
        expect(admins.stages.map((stage) => stage.total)).toEqual(onlyIn(1))
        // Nobody's deals, or another organisation's user: no deals, and a stage list all the same.
        for (const owner of [randomUUID(), outsider.userId]) {
          const none = await get<ActivityHealthStats>(url(`?owner_id=${owner}`))
          expect(none).toMatchObject({ total: 0, overall: { active: 0, cooling: 0, stale: 0 } })
          expect(none.stages).toHaveLength(pipeline.stages.length)
        }
        const blank = await get<ActivityHealthStats>(url('?owner_id='))
        expect(blank.total).toBe(2)
        const malformed = await callAs(app(), admin, 'GET', url('?owner_id=not-a-user'))
        expect(malformed.statusCode).toBe(400)
        expect(pathsOf(malformed.body)).toEqual(['querystring.owner_id'])
      } finally {
        await app()
          .db.update(deals)
          .set({ ownerId: ownerOfQuiet })
          .where(and(eq(deals.organisationId, admin.organisationId), eq(deals.id, quiet.id)))
      }
    })

    it('follows deals created, moved between stages and pipelines, closed and deleted', async () => {
      const health = () =>
        get<ActivityHealthStats>(`/v1/pipelines/${pipeline.id}/activity-health-stats`)
      const stageCounts = async () => (await health()).stages.map((stage) => stage.counts)
      const before = await stageCounts()
      const [, second, third] = pipeline.stages.map((stage) => stage.stage_id)
      const deal = await createDeal(pipeline, { name: 'Travelling deal' })
      // Cooling: last active 10 days ago (the analysis keeps last_activity_at; set it as it would).
      await app()
        .db.update(deals)
        .set({ lastActivityAt: daysAgo(10) })
        .where(eq(deals.id, deal.id))
      const expected = structuredClone(before)
      const move = async (body: Record<string, unknown>) => {
        const response = await callAs(app(), admin, 'PATCH', `/v1/deals/${deal.id}`, body)
        expect(response.statusCode, response.body).toBe(200)
      }
      if (!expected[0] || !expected[2]) throw new Error('the seeded pipeline has three stages')
      expected[0].cooling += 1
      expect(await stageCounts()).toEqual(expected)

      await move({ stage_id: third })
      expected[0].cooling -= 1
      expected[2].cooling += 1
      expect(await stageCounts()).toEqual(expected)

      await move({ status: 'won' })
      expected[2].cooling -= 1
      expect(await stageCounts()).toEqual(before)
      await move({ status: 'open', stage_id: second })
      await move({ pipeline_id: otherPipeline.id, stage_id: otherPipeline.stages[0]?.stage_id })
      expect(await stageCounts()).toEqual(before)
      const elsewhereHealth = await get<ActivityHealthStats>(
        `/v1/pipelines/${otherPipeline.id}/activity-health-stats`,
      )
      expect(elsewhereHealth.stages[0]?.counts.cooling).toBe(1)

      const removed = await callAs(app(), admin, 'DELETE', `/v1/deals/${deal.id}`)
      expect(removed.statusCode, removed.body).toBe(204)
      const afterDelete = await get<ActivityHealthStats>(
        `/v1/pipelines/${otherPipeline.id}/activity-health-stats`,
      )
      expect(afterDelete.stages[0]?.counts.cooling).toBe(0)
    })
  })

  describe('GET /v1/deals/{id}/contacts', () => {
    it('counts the engagements each contact took part in, by e-mail or name', async () => {
      const { models } = await get<{ models: EngagedDealContact[] }>(
        `/v1/deals/${acme.id}/contacts`,
      )
      const byName = new Map(models.map((contact) => [contact.name, contact]))
      // Bea: the old call by name and the e-mail by address; Carl: the demo call as a speaker.
      expect(byName.get('Bea Buyer')).toMatchObject({
        engagement_count: 2,
        last_engaged_at: at.email.toISOString(),
      })
      expect(byName.get('Carl Chief')?.engagement_count).toBe(1)
      expect(byName.get('Dora Silent')).toMatchObject({
        engagement_count: 0,
        last_engaged_at: null,
      })
    })
  })
})
