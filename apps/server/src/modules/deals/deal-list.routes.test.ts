import type { Deal, DealsResponse } from '@dealcoach/contracts/deals'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dealAssessments } from '../../db/schema/analysis.js'
import { deals } from '../../db/schema/deals.js'
import { callAs, inviteMember, type SignedIn, signUp } from '../../test-support/auth-helpers.js'
import { type ErrorJson, insertDeals, pathsOf } from '../../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

const DAY_MS = 86_400_000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS)

/** GET /v1/deals: both spellings of the filters, ordering, paging and includes=assessment. */
describe('deal list', () => {
  let testApp: TestApp
  const app = () => testApp.app
  let admin: SignedIn
  let member: SignedIn
  let outsider: SignedIn
  let pipeline: { id: string; stageIds: string[] }
  let other: { id: string; stageIds: string[] }
  /** The deals made below, by name. */
  const made = new Map<string, Deal>()

  const list = async (session: SignedIn, query: string) => {
    const response = await callAs(app(), session, 'GET', `/v1/deals?${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<DealsResponse>()
  }
  const names = async (query: string, session = admin) =>
    (await list(session, query)).data.map((deal) => deal.name)
  const sorted = async (query: string) => (await names(query)).sort()
  const idOf = (name: string) => made.get(name)?.id ?? 'missing'

  async function pipelineOf(session: SignedIn, index: number) {
    const response = await callAs(app(), session, 'GET', '/v1/pipelines')
    const found = response.json<{ models: Pipeline[] }>().models[index]
    if (!found) throw new Error(`no pipeline ${index}`)
    return { id: found.id, stageIds: found.stages.map((stage) => stage.stage_id) }
  }

  async function make(
    name: string,
    body: Record<string, unknown>,
    row: Partial<typeof deals.$inferInsert> = {},
  ) {
    const response = await callAs(app(), admin, 'POST', '/v1/deals', {
      pipeline_id: pipeline.id,
      stage_id: pipeline.stageIds[0],
      name,
      ...body,
    })
    expect(response.statusCode, response.body).toBe(201)
    const deal = response.json<Deal>()
    if (Object.keys(row).length > 0) {
      await app().db.update(deals).set(row).where(eq(deals.id, deal.id))
    }
    made.set(name, deal)
  }

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    admin = await signUp(app())
    member = await inviteMember(app(), admin)
    outsider = await signUp(app())
    pipeline = await pipelineOf(admin, 0)
    const created = await callAs(app(), admin, 'POST', '/v1/pipelines', {
      name: 'Renewals',
      framework: 'meddic',
    })
    expect(created.statusCode, created.body).toBe(201)
    const renewals = created.json<Pipeline>()
    other = { id: renewals.id, stageIds: renewals.stages.map((stage) => stage.stage_id) }
    const [first, second, third] = pipeline.stageIds
    await make(
      'Alpha rollout',
      { account_name: 'Acme Corp', amount: 500, close_date: '2027-01-10' },
      { lastActivityAt: daysAgo(2), confidence: 80 },
    )
    await make(
      'Beta pilot',
      { account_name: 'Globex', amount: 1500, close_date: '2027-02-10', stage_id: second },
      { lastActivityAt: daysAgo(10), confidence: 35 },
    )
    await make(
      'Gamma expansion',
      { amount: 900, close_date: '2027-03-10', stage_id: third, owner_id: member.userId },
      { lastActivityAt: daysAgo(30) },
    )
    await make('Delta 100% deal', { status: 'won', account_name: 'Initech' })
    expect(first).toBeTruthy()
    const renewal = await callAs(app(), admin, 'POST', '/v1/deals', {
      pipeline_id: other.id,
      stage_id: other.stageIds[0],
      name: 'Renewal acme',
    })
    expect(renewal.statusCode, renewal.body).toBe(201)
    made.set('Renewal acme', renewal.json<Deal>())
  })

  afterAll(async () => {
    await testApp?.close()
  })

  it('stores the account name on create and update, blank clears it', async () => {
    const alpha = made.get('Alpha rollout')
    expect(alpha).toMatchObject({ account_name: 'Acme Corp', confidence: null })
    const renamed = await callAs(app(), admin, 'PATCH', `/v1/deals/${idOf('Delta 100% deal')}`, {
      account_name: '  Initech GmbH ',
    })
    expect(renamed.json<Deal>().account_name).toBe('Initech GmbH')
    const cleared = await callAs(app(), admin, 'PATCH', `/v1/deals/${idOf('Delta 100% deal')}`, {
      account_name: '',
    })
    expect(cleared.json<Deal>().account_name).toBeNull()
    await callAs(app(), admin, 'PATCH', `/v1/deals/${idOf('Delta 100% deal')}`, {
      account_name: 'Initech',
    })
    const tooLong = await callAs(app(), admin, 'POST', '/v1/deals', {
      pipeline_id: pipeline.id,
      stage_id: pipeline.stageIds[0],
      name: 'Long',
      account_name: 'x'.repeat(201),
    })
    expect(tooLong.statusCode).toBe(400)
    expect(pathsOf(tooLong.body)).toEqual(['body.account_name'])
  })

  it('answers 30 deals a page by default, at most 100, with the total', async () => {
    const space = await signUp(app())
    const { id, stageIds } = await pipelineOf(space, 0)
    const [stageId] = stageIds
    if (!stageId) throw new Error('no stage')
    await insertDeals(app(), { organisationId: space.organisationId, pipelineId: id, stageId }, 35)
    const first = await list(space, '')
    expect(first.data).toHaveLength(30)
    expect(first.pagination).toEqual({ page: 1, page_size: 30, total: 35 })
    const second = await list(space, 'page=2')
    expect(second.data).toHaveLength(5)
    expect((await list(space, 'perPage=100')).data).toHaveLength(35)
    // The total comes with the page's rows; a page past the last one, or no match, has none.
    for (const query of ['page=3', `pipelineId=${id}&page=3`, `pipelineId=${id}&perPage=100`]) {
      expect((await list(space, query)).pagination.total, query).toBe(35)
    }
    expect((await list(space, `stageIds=${stageId}&page=2`)).pagination).toEqual({
      page: 2,
      page_size: 30,
      total: 35,
    })
    expect((await list(space, `stageIds=${stageId}&page=9`)).pagination.total).toBe(35)
    expect((await list(space, 'statuses=won')).pagination.total).toBe(0)
    const tooMany = await callAs(app(), space, 'GET', '/v1/deals?perPage=101')
    expect(tooMany.statusCode).toBe(400)
    expect(pathsOf(tooMany.body)).toEqual(['querystring.perPage'])
  })

  it('reads deep pages, past the middle from the far end, in the same order as the first', async () => {
    const space = await signUp(app())
    const { id: pipelineId, stageIds } = await pipelineOf(space, 0)
    const [stageId] = stageIds
    if (!stageId) throw new Error('no stage')
    // Enough deals for every way of reading a page (see below), with many ties on the last
    // activity (then broken by the creation time and the id) and some never active, which come
    // last.
    const rows = await app()
      .db.insert(deals)
      .values(
        Array.from({ length: 3_050 }, (_, index) => ({
          organisationId: space.organisationId,
          pipelineId,
          stageId,
          name: `Deep ${index}`,
          lastActivityAt: index % 7 === 0 ? null : daysAgo(index % 40),
          // Added in 50 batches, each sharing its time, as an import's deals do.
          createdAt: daysAgo(index % 50),
        })),
      )
      .returning({ id: deals.id, at: deals.lastActivityAt, created: deals.createdAt })
    const time = (at: Date | null) => at?.getTime() ?? -Infinity
    const expected = rows
      .sort(
        (a, b) =>
          time(b.at) - time(a.at) ||
          time(b.created) - time(a.created) ||
          (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
      )
      .map((row) => row.id)
    const pageIds = async (page: number, query = '') => {
      const body = await list(space, `pipelineId=${pipelineId}&perPage=100&page=${page}${query}`)
      expect(body.pagination.total).toBe(3_050)
      return body.data.map((deal) => deal.id)
    }
    // Pages 10 (the order index walked to it) and 15 (a deferred join, offset 1,400) are read
    // from the top; past the middle from the bottom: 17 by a deferred join (1,350 from the end),
    // 21 and 31 (its last 50) walked as a first page is.
    for (const page of [10, 15, 16, 17, 21, 30, 31]) {
      expect(await pageIds(page), `page ${page}`).toEqual(
        expected.slice((page - 1) * 100, page * 100),
      )
    }
    expect(await pageIds(32)).toEqual([])
    // When they were added: deals added together go by id, the same way.
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    const oldest = [...rows]
      .sort((a, b) => a.created.getTime() - b.created.getTime() || byId(a, b))
      .map((row) => row.id)
    const newest = [...oldest].reverse()
    for (const page of [1, 15, 17, 31]) {
      const span = [(page - 1) * 100, page * 100] as const
      expect(await pageIds(page, '&orderBy=-createdAt'), `page ${page}`).toEqual(
        newest.slice(...span),
      )
      expect(await pageIds(page, '&order_by=created_at'), `page ${page}`).toEqual(
        oldest.slice(...span),
      )
    }
    expect(await pageIds(2, '&orderBy=-created_at&searchQuery=deep')).toEqual(
      newest.slice(100, 200),
    )
  })

  it('keeps each pipeline’s total through creates, moves, deletes and a deleted pipeline', async () => {
    const space = await signUp(app())
    const first = await pipelineOf(space, 0)
    const created = await callAs(app(), space, 'POST', '/v1/pipelines', {
      name: 'Expansion',
      framework: 'meddic',
    })
    const second = created.json<Pipeline>()
    const [firstStage] = first.stageIds
    if (!firstStage) throw new Error('no stage')
    const totals = async () => [
      (await list(space, `pipelineId=${first.id}`)).pagination.total,
      (await list(space, `pipeline_id.eq=${second.id}`)).pagination.total,
      (await list(space, '')).pagination.total,
    ]
    const scope = {
      organisationId: space.organisationId,
      pipelineId: first.id,
      stageId: firstStage,
    }
    await insertDeals(app(), scope, 12)
    const createResponse = await callAs(app(), space, 'POST', '/v1/deals', {
      pipeline_id: first.id,
      stage_id: firstStage,
      name: 'Counted one by one',
    })
    const dealId = createResponse.json<Deal>().id
    expect(await totals()).toEqual([13, 0, 13])

    const moved = await callAs(app(), space, 'PATCH', `/v1/deals/${dealId}`, {
      pipeline_id: second.id,
      stage_id: second.stages[0]?.stage_id,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await totals()).toEqual([12, 1, 13])

    expect((await callAs(app(), space, 'DELETE', `/v1/deals/${dealId}`)).statusCode).toBe(204)
    expect(await totals()).toEqual([12, 0, 12])

    const removed = await callAs(app(), space, 'DELETE', `/v1/pipelines/${second.id}`)
    expect(removed.statusCode, removed.body).toBe(204)
    expect((await list(space, '')).pagination.total).toBe(12)
    // The kept count and a count of the rows agree.
    const [row] = await app()
      .db.select({ total: count() })
      .from(deals)
      .where(eq(deals.organisationId, space.organisationId))
    expect(row?.total).toBe(12)
  })

  it('filters by pipeline, stages, owner, close dates and statuses in both spellings', async () => {
    const [, second, third] = pipeline.stageIds
    const pairs: [string, string, string[]][] = [
      [`pipelineId=${other.id}`, `pipeline_id.eq=${other.id}`, ['Renewal acme']],
      [
        `stageIds=${second},${third}`,
        `stage_id.in=${second},${third}`,
        ['Beta pilot', 'Gamma expansion'],
      ],
      [`ownerId=${member.userId}`, `owner_id.eq=${member.userId}`, ['Gamma expansion']],
      [
        'closeDateGte=2027-02-10&closeDateLte=2027-03-10',
        'close_date.gte=2027-02-10&close_date.lte=2027-03-10',
        ['Beta pilot', 'Gamma expansion'],
      ],
      ['statuses=won,lost', 'status.in=won,lost', ['Delta 100% deal']],
    ]
    for (const [camel, filter, expected] of pairs) {
      expect(await sorted(camel), camel).toEqual(expected)
      expect(await sorted(filter), filter).toEqual(expected)
    }
    // Blank values are ignored (spec §5); the filter form wins over the camelCase spelling.
    expect(await sorted(`pipelineId=&stageIds=&pipeline_id.eq=${other.id}`)).toEqual([
      'Renewal acme',
    ])
    expect(await sorted(`pipelineId=${pipeline.id}&pipeline_id.eq=${other.id}`)).toEqual([
      'Renewal acme',
    ])
  })

  it('searches the deal name or the account name, with % and _ taken literally', async () => {
    expect(await sorted('searchQuery=acme')).toEqual(['Alpha rollout', 'Renewal acme'])
    expect(await sorted('name.ilike=GLOBEX')).toEqual(['Beta pilot'])
    expect(await sorted('searchQuery=100%25')).toEqual(['Delta 100% deal'])
    expect(await sorted('searchQuery=_')).toEqual([])
  })

  it('answers a filter or search of one shape with each request’s own values', async () => {
    // Their statements are built once per shape and reused (db/reused-select.ts).
    const [, second, third] = pipeline.stageIds
    expect(await sorted('searchQuery=alpha rollout')).toEqual(['Alpha rollout'])
    expect(await sorted('searchQuery=beta pilot')).toEqual(['Beta pilot'])
    expect(await sorted(`stage_id.in=${second}`)).toEqual(['Beta pilot'])
    expect(await sorted(`stage_id.in=${third}`)).toEqual(['Gamma expansion'])
    expect(await sorted(`owner_id.eq=${member.userId}&page=2&perPage=1`)).toEqual([])
    expect(await sorted(`owner_id.eq=${admin.userId}&page=2&perPage=1`)).toHaveLength(1)
    expect(await sorted('searchQuery=acme')).toEqual(['Alpha rollout', 'Renewal acme'])
    expect(await names('searchQuery=acme', outsider)).toEqual([])
  })

  it('answers a pipeline’s word searches each with its own matches, however many came before (ADR 0039)', async () => {
    // The search box's statement is named: each connection parses it once and, after five runs,
    // PostgreSQL may keep one generic plan for every search.
    const inMain = `pipelineId=${pipeline.id}`
    const expected: [string, string[]][] = [
      ['alpha rollout', ['Alpha rollout']],
      ['pha roll', ['Alpha rollout']],
      ['acme corp', ['Alpha rollout']],
      ['renewal acme', []],
      ['beta pilot', ['Beta pilot']],
      ['100% deal', ['Delta 100% deal']],
    ]
    for (const round of [1, 2]) {
      for (const [search, found] of expected) {
        const query = `${inMain}&searchQuery=${encodeURIComponent(search)}`
        const page = await list(admin, round === 1 ? query : `${query}&orderBy=-name`)
        expect(page.data.map((deal) => deal.name).sort(), search).toEqual(found)
        expect(page.pagination.total, search).toBe(found.length)
      }
    }
    expect(await names(`pipelineId=${other.id}&searchQuery=renewal%20acme`)).toEqual([
      'Renewal acme',
    ])
    expect(await names(`${inMain}&searchQuery=alpha%20rollout`, outsider)).toEqual([])
  })

  it('filters by staleness: active ≤ 7 days, cooling 8–21, stale older or never', async () => {
    const inMain = `pipeline_id.eq=${pipeline.id}`
    expect(await sorted(`${inMain}&staleness.in=active`)).toEqual(['Alpha rollout'])
    expect(await sorted(`${inMain}&staleness.in=cooling`)).toEqual(['Beta pilot'])
    expect(await sorted(`${inMain}&staleness.in=stale`)).toEqual([
      'Delta 100% deal',
      'Gamma expansion',
    ])
    expect(await sorted(`${inMain}&staleness.in=active,cooling`)).toEqual([
      'Alpha rollout',
      'Beta pilot',
    ])
  })

  it('writes each deal’s times as reading the deal alone does, on every kind of page', async () => {
    const timesOf = (deal: Deal) => [deal.last_activity_at, deal.created_at, deal.updated_at]
    const alone = new Map<string, (string | null)[]>()
    for (const deal of made.values()) {
      const response = await callAs(app(), admin, 'GET', `/v1/deals/${deal.id}`)
      expect(response.statusCode, response.body).toBe(200)
      alone.set(deal.name, timesOf(response.json<Deal>()))
    }
    const listed = [
      // A whole pipeline's first page (a prepared statement), a filtered page, a later page.
      ...(await list(admin, `pipelineId=${pipeline.id}&perPage=100`)).data,
      ...(await list(admin, `pipelineId=${other.id}&searchQuery=acme`)).data,
      ...(await list(admin, `pipelineId=${pipeline.id}&perPage=2&page=2`)).data,
    ]
    expect(listed).toHaveLength(7)
    for (const deal of listed) expect(timesOf(deal), deal.name).toEqual(alone.get(deal.name))
    expect(alone.get('Delta 100% deal')?.[0]).toBeNull()
    expect(alone.get('Alpha rollout')?.[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  it('orders by each field, ascending or descending, nulls last', async () => {
    const inMain = `pipelineId=${pipeline.id}`
    expect(await names(inMain)).toEqual([
      'Alpha rollout',
      'Beta pilot',
      'Gamma expansion',
      'Delta 100% deal',
    ])
    expect(await names(`${inMain}&orderBy=amount`)).toEqual([
      'Alpha rollout',
      'Gamma expansion',
      'Beta pilot',
      'Delta 100% deal',
    ])
    const byAmountDescending = ['Beta pilot', 'Gamma expansion', 'Alpha rollout', 'Delta 100% deal']
    expect(await names(`${inMain}&order_by=-amount`)).toEqual(byAmountDescending)
    expect(await names(`${inMain}&orderBy=amount&direction=desc`)).toEqual(byAmountDescending)
    expect((await names(`${inMain}&order_by=confidence&direction=desc`)).slice(0, 2)).toEqual([
      'Alpha rollout',
      'Beta pilot',
    ])
    expect(await names(`${inMain}&orderBy=name`)).toEqual([
      'Alpha rollout',
      'Beta pilot',
      'Delta 100% deal',
      'Gamma expansion',
    ])
    expect((await names(`${inMain}&orderBy=-closeDate`)).slice(0, 3)).toEqual([
      'Gamma expansion',
      'Beta pilot',
      'Alpha rollout',
    ])
    expect((await names(`${inMain}&order_by=last_activity_at`)).slice(0, 3)).toEqual([
      'Gamma expansion',
      'Beta pilot',
      'Alpha rollout',
    ])
  })

  it('orders by amount within each currency, currencies A to Z and none last, on every kind of page (QA 3, ADR 0037)', async () => {
    const space = await signUp(app())
    const { id: pipelineId, stageIds } = await pipelineOf(space, 0)
    const [stageId] = stageIds
    if (!stageId) throw new Error('no stage')
    const money: [string, string | null, string | null][] = [
      ['Money usd 1000', '1000', 'USD'],
      ['Money eur 800', '800', 'EUR'],
      ['Money gbp 5000', '5000', 'GBP'],
      ['Money usd 300', '300', 'USD'],
      ['Money eur 2000', '2000', 'EUR'],
      ['Money eur none', null, 'EUR'],
      ['Money plain 700', '700', null],
      ['Money nothing', null, null],
    ]
    await app()
      .db.insert(deals)
      .values(
        money.map(([name, amount, currency]) => ({
          organisationId: space.organisationId,
          pipelineId,
          stageId,
          name,
          amount,
          currency,
        })),
      )
    const ordered = async (query: string) =>
      (await list(space, `pipelineId=${pipelineId}&${query}`)).data.map((deal) => deal.name)
    const ascending = [
      'Money eur 800',
      'Money eur 2000',
      'Money eur none',
      'Money gbp 5000',
      'Money usd 300',
      'Money usd 1000',
      'Money plain 700',
      'Money nothing',
    ]
    // Not $300 between €800 and €2,000: the currencies stay together, in the same order both ways.
    const descending = [
      'Money eur 2000',
      'Money eur 800',
      'Money eur none',
      'Money gbp 5000',
      'Money usd 1000',
      'Money usd 300',
      'Money plain 700',
      'Money nothing',
    ]
    expect(await ordered('orderBy=amount')).toEqual(ascending)
    expect(await ordered('order_by=-amount')).toEqual(descending)
    // Pages past the middle are read from the far end, backwards: the same order.
    for (const [query, expected] of [
      ['orderBy=amount', ascending],
      ['orderBy=-amount', descending],
    ] as const) {
      const pages = []
      for (const page of [1, 2, 3, 4])
        pages.push(...(await ordered(`${query}&perPage=2&page=${page}`)))
      expect(pages, query).toEqual(expected)
    }
    // A search's page sorts its matches itself.
    expect(await ordered('orderBy=-amount&searchQuery=money')).toEqual(descending)
  })

  it('reads the query’s enums in any case, and answers them in the contract’s own', async () => {
    const inMain = `pipelineId=${pipeline.id}`
    const same = async (query: string, lowerCase: string) =>
      expect(await list(admin, `${inMain}&${query}`), query).toEqual(
        await list(admin, `${inMain}&${lowerCase}`),
      )
    await same('statuses=WON,Open', 'statuses=won,open')
    await same('status.in=Won', 'status.in=won')
    await same('staleness.in=ACTIVE,Cooling', 'staleness.in=active,cooling')
    await same('orderBy=AMOUNT&direction=DESC', 'orderBy=amount&direction=desc')
    await same('order_by=-CloseDate', 'order_by=-closeDate')
    await same('order_by=Last_Activity_At', 'order_by=last_activity_at')
    await same('includes=Stage,OWNER', 'includes=stage,owner')
    await same('includes=NONE', 'includes=none')
    const won = await list(admin, `${inMain}&statuses=WON`)
    expect(won.data.map((deal) => [deal.name, deal.status])).toEqual([['Delta 100% deal', 'won']])
    const one = await callAs(
      app(),
      admin,
      'GET',
      `/v1/deals/${idOf('Alpha rollout')}?includes=STAGE`,
    )
    expect(one.statusCode, one.body).toBe(200)
    expect(one.json<Deal>().stage).toMatchObject({ id: pipeline.stageIds[0] })
  })

  it('refuses an unknown order field, malformed dates, ids and values, naming the parameter', async () => {
    const cases: [string, string][] = [
      ['orderBy=colour', 'querystring.orderBy'],
      ['order_by=-colour', 'querystring.order_by'],
      ['direction=up', 'querystring.direction'],
      ['closeDateGte=2027-13-01', 'querystring.closeDateGte'],
      ['close_date.lte=tomorrow', 'querystring.close_date.lte'],
      ['stageIds=not-a-uuid', 'querystring.stageIds.0'],
      ['ownerId=42', 'querystring.ownerId'],
      ['statuses=open,pending', 'querystring.statuses.1'],
      ['staleness.in=warm', 'querystring.staleness.in.0'],
      ['staleness.eq=active', 'querystring.staleness.eq'],
      ['includes=history', 'querystring.includes.0'],
      ['includes=none,stage', 'querystring.includes.0'],
    ]
    for (const [query, path] of cases) {
      const response = await callAs(app(), admin, 'GET', `/v1/deals?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(pathsOf(response.body), query).toEqual([path])
    }
    const unknown = await callAs(app(), admin, 'GET', '/v1/deals?orderBy=colour')
    expect(unknown.json<ErrorJson>().error.message).toContain('colour')
  })

  it('embeds the current assessment with includes=assessment, null until analysed', async () => {
    const alphaId = idOf('Alpha rollout')
    await app()
      .db.insert(dealAssessments)
      .values([
        {
          organisationId: admin.organisationId,
          dealId: alphaId,
          solutionFitTier: 3,
          confidence: 40,
          computedAt: daysAgo(3),
        },
        {
          organisationId: admin.organisationId,
          dealId: alphaId,
          solutionFitTier: 2,
          solutionFitScoring: [{ type: 'pain', score: 3, justification: 'x', evidenceRefs: [] }],
          confidence: 80,
          computedAt: daysAgo(1),
        },
      ])
    const page = await list(admin, `pipelineId=${pipeline.id}&includes=assessment,stage`)
    const alpha = page.data.find((deal) => deal.id === alphaId)
    expect(alpha?.assessment).toMatchObject({ confidence: 80, solution_fit_tier: 2 })
    expect(alpha?.stage?.id).toBe(pipeline.stageIds[0])
    expect(page.data.find((deal) => deal.name === 'Beta pilot')?.assessment).toBeNull()
    expect((await list(admin, `pipelineId=${pipeline.id}`)).data[0]).not.toHaveProperty(
      'assessment',
    )
    const one = await callAs(app(), admin, 'GET', `/v1/deals/${alphaId}?includes=assessment`)
    expect(one.json<Deal>().assessment?.confidence).toBe(80)
  })

  it('takes includes=none, as the spec’s client sends it, as embedding nothing', async () => {
    const plain = await list(admin, `pipelineId=${pipeline.id}&perPage=100&page=1`)
    expect(await list(admin, `pipelineId=${pipeline.id}&perPage=100&includes=none&page=1`)).toEqual(
      plain,
    )
    const one = await callAs(
      app(),
      admin,
      'GET',
      `/v1/deals/${idOf('Alpha rollout')}?includes=none`,
    )
    expect(one.statusCode).toBe(200)
    expect(one.json<Deal>()).not.toHaveProperty('stage')
  })

  it('keeps the confidence of the analysis job’s assessment on the deal', async () => {
    const dealId = idOf('Gamma expansion')
    const uploaded = await callAs(app(), admin, 'POST', `/v1/deals/${dealId}/engagements`, {
      type: 'transcript',
      name: 'Discovery call',
      occurred_at: '2026-11-02T10:00:00.000Z',
      text: [
        'Sam Seller: What is getting in the way of your team today?',
        'Bea Buyer: Honestly, the price is too high for us. We do not have the budget this year.',
        'Sam Seller: Next step: I will send a proposal by Friday.',
      ].join('\n'),
      roles: { 'Sam Seller': 'seller', 'Bea Buyer': 'buyer' },
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const runId = uploaded.json<{ analysis: { run_id: string } }>().analysis.run_id
    await app().services.dealAnalysis.run(
      { organisationId: admin.organisationId, dealId, runId },
      { finalAttempt: true },
    )
    const analysis = await callAs(app(), admin, 'GET', `/v1/deals/${dealId}/analysis`)
    const { confidence } = analysis.json<{ confidence: { score: number } | null }>()
    expect(confidence?.score).toEqual(expect.any(Number))
    const deal = await callAs(app(), admin, 'GET', `/v1/deals/${dealId}`)
    expect(deal.json<Deal>().confidence).toBe(confidence?.score)
  })

  it('shows no other organisation’s deals, whatever the filter', async () => {
    expect(await names(`pipelineId=${pipeline.id}`, outsider)).toEqual([])
    expect(await names('searchQuery=acme', outsider)).toEqual([])
    expect((await list(outsider, '')).pagination.total).toBe(0)
  })
})
