import type {
  CommonObjections,
  ObjectionAnalysisList,
  ObjectionHandlingStats,
} from '@dealcoach/contracts/objection-analysis'
import { asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { objectionFeedback, objections } from '../../db/schema/analysis.js'
import { deals } from '../../db/schema/deals.js'
import { engagements } from '../../db/schema/engagements.js'
import { objectionTypes } from '../../db/schema/objection-types.js'
import { stages } from '../../db/schema/pipelines.js'
import { workspace, type Workspace } from '../../test-support/assessment-fixtures.js'
import { callAs, inviteMember, type SignedIn } from '../../test-support/auth-helpers.js'
import {
  createPipeline,
  insertDeals,
  insertStageChange,
  pathsOf,
} from '../../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

/**
 * GET /v1/objections/common-objections-analysis, /analysis/handling-stats and /analysis (spec §7,
 * issue 14). Each figure is asked twice where it matters: with filters the objection rollups
 * answer (pipeline, owner, status, type, whole-day periods) and with ones that read the
 * objections themselves (stage, staleness, a period inside a day).
 */
describe('objection analysis', () => {
  let testApp: TestApp
  const app = () => testApp.app
  let ws: Workspace
  let outsider: Workspace
  let member: SignedIn
  let secondPipelineId: string
  let laterStageId: string
  /** d1 (admin's), d2 (member's), d3 (nobody's) in the first pipeline; d4 (admin's) in the second. */
  let d: [string, string, string, string]
  let price: string
  let timing: string
  let outsiderType: string
  /** o1…o7 by name; o7 is rejected. */
  const o = new Map<string, string>()

  async function get<T>(path: string, session: SignedIn = ws.admin): Promise<T> {
    const response = await callAs(app(), session, 'GET', path)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ data: T }>().data
  }
  const common = (query = '', session?: SignedIn) =>
    get<CommonObjections>(`/v1/objections/common-objections-analysis?${query}`, session)
  const handling = (query = '') =>
    get<ObjectionHandlingStats>(`/v1/objections/analysis/handling-stats?${query}`)
  async function list(query = '', session: SignedIn = ws.admin) {
    const response = await callAs(app(), session, 'GET', `/v1/objections/analysis?${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ObjectionAnalysisList>()
  }
  const namesOf = (listed: ObjectionAnalysisList) =>
    listed.models.map((model) => [...o.entries()].find(([, id]) => id === model.id)?.[0])
  const typeOf = (report: CommonObjections, typeId: string) =>
    report.types.find((type) => type.objection_type_id === typeId)

  /** Every deal, whatever its activity: the filter no rollup answers, so the objections are read. */
  const RAW = 'staleness.in=active,cooling,stale'

  async function engagementOf(workspaceOf: Workspace, dealId: string, at: string) {
    const [row] = await app()
      .db.insert(engagements)
      .values({
        organisationId: workspaceOf.admin.organisationId,
        dealId,
        type: 'transcript',
        name: `Call ${at}`,
        occurredAt: new Date(at),
      })
      .returning({ id: engagements.id })
    if (!row) throw new Error('no engagement inserted')
    return row.id
  }

  async function objection(
    name: string,
    dealId: string,
    typeId: string,
    at: string,
    handled: boolean,
    score: number,
    workspaceOf: Workspace = ws,
  ) {
    const engagementId = await engagementOf(workspaceOf, dealId, at)
    const [row] = await app()
      .db.insert(objections)
      .values({
        organisationId: workspaceOf.admin.organisationId,
        objectionTypeId: typeId,
        dealId,
        engagementId,
        utteranceIndex: 1,
        text: `Objection ${name}`,
        speaker: 'Bea Buyer',
        handled,
        handlingScore: score,
        response: handled ? `Answer to ${name}` : null,
        occurredAt: new Date(at),
      })
      .returning({ id: objections.id })
    if (!row) throw new Error('no objection inserted')
    o.set(name, row.id)
    return row.id
  }

  async function typesOf(organisationId: string) {
    return app()
      .db.select({ id: objectionTypes.id })
      .from(objectionTypes)
      .where(eq(objectionTypes.organisationId, organisationId))
      .orderBy(asc(objectionTypes.name))
  }

  beforeAll(async () => {
    testApp = await createTestApp()
    ws = await workspace(app())
    outsider = await workspace(app())
    member = await inviteMember(app(), ws.admin)
    const organisationId = ws.admin.organisationId
    const second = await createPipeline(app(), ws.admin, { name: 'Renewals', framework: 'meddic' })
    secondPipelineId = second.id
    const pipelineStages = await app()
      .db.select({ id: stages.id })
      .from(stages)
      .where(eq(stages.pipelineId, ws.pipelineId))
      .orderBy(asc(stages.position))
    laterStageId = pipelineStages[1]?.id ?? 'missing'
    const [first, second2, third] = await insertDeals(
      app(),
      { organisationId, pipelineId: ws.pipelineId, stageId: ws.stageId },
      3,
    )
    const [fourth] = await insertDeals(
      app(),
      { organisationId, pipelineId: second.id, stageId: second.stages[0]?.stage_id ?? '' },
      1,
    )
    d = [first ?? '', second2 ?? '', third ?? '', fourth ?? '']
    await app()
      .db.update(deals)
      .set({ ownerId: ws.admin.userId })
      .where(inArray(deals.id, [d[0], d[3]]))
    await app().db.update(deals).set({ ownerId: member.userId }).where(eq(deals.id, d[1]))
    const [a, b] = await typesOf(organisationId)
    price = a?.id ?? ''
    timing = b?.id ?? ''
    outsiderType = (await typesOf(outsider.admin.organisationId))[0]?.id ?? ''

    await objection('o1', d[0], price, '2026-03-02T10:00:00Z', false, 0.2)
    await objection('o2', d[0], price, '2026-03-10T10:00:00Z', true, 0.9)
    await objection('o3', d[1], price, '2026-03-11T09:00:00Z', false, 0.1)
    await objection('o4', d[1], timing, '2026-03-03T09:00:00Z', true, 0.8)
    await objection('o5', d[2], timing, '2026-04-01T09:00:00Z', false, 0.5)
    await objection('o6', d[3], price, '2026-03-04T09:00:00Z', true, 0.7)
    const rejected = await objection('o7', d[0], timing, '2026-03-05T09:00:00Z', true, 1)
    await app().db.update(objections).set({ rejected: true }).where(eq(objections.id, rejected))
    // Outcomes come after the objections: the deals' moves must reach the rollups.
    await app().db.update(deals).set({ status: 'lost' }).where(eq(deals.id, d[1]))
    await app().db.update(deals).set({ status: 'won' }).where(eq(deals.id, d[3]))
    await app().db.update(deals).set({ stageId: laterStageId }).where(eq(deals.id, d[0]))
    await insertStageChange(app(), organisationId, d[0], ws.stageId, laterStageId)
    await app()
      .db.insert(objectionFeedback)
      .values({
        organisationId,
        objectionId: o.get('o1') ?? '',
        dealId: d[0],
        engagementId:
          (
            await app()
              .db.select({ id: objections.engagementId })
              .from(objections)
              .where(eq(objections.id, o.get('o1') ?? ''))
          )[0]?.id ?? '',
        quote: 'Objection o1',
        verdict: 'other_type',
        originalTypeId: timing,
        correctedTypeId: price,
        userId: ws.admin.userId,
      })
    await objection(
      'x1',
      (
        await insertDeals(
          app(),
          {
            organisationId: outsider.admin.organisationId,
            pipelineId: outsider.pipelineId,
            stageId: outsider.stageId,
          },
          1,
        )
      )[0] ?? '',
      outsiderType,
      '2026-03-02T10:00:00Z',
      true,
      0.5,
      outsider,
    )
  })

  afterAll(async () => {
    await testApp.close()
  })

  describe('common-objections-analysis', () => {
    it('counts per type, most raised first, with shares, deals and outcomes', async () => {
      for (const query of ['', RAW]) {
        const report = await common(query)
        expect(report.total).toEqual({ raised: 6, handled: 3, handled_rate: 0.5, deals: 4 })
        expect(report.types.map((type) => type.objection_type_id)).toEqual([price, timing])
        expect(typeOf(report, price)).toMatchObject({
          raised: 4,
          handled: 2,
          handled_rate: 0.5,
          share: 0.667,
          deals: 3,
          active: true,
          outcomes: {
            // d1 (latest handled, moved on) and d4 (won); d2's latest was not handled (lost).
            handled: {
              deals: 2,
              closed: 1,
              won: 1,
              win_rate: 1,
              progressed: 1,
              progress_rate: 0.5,
            },
            not_handled: { deals: 1, closed: 1, won: 0, win_rate: 0, progressed: 0 },
          },
        })
        expect(typeOf(report, timing)).toMatchObject({ raised: 2, handled: 1, deals: 2 })
      }
    })

    it('draws weekly buckets from Monday, empty ones included, the same for every type', async () => {
      const report = await common()
      expect(report.interval).toBe('week')
      expect(report.trend).toEqual([
        { start: '2026-03-02', raised: 3, handled: 2, handled_rate: 0.667 },
        { start: '2026-03-09', raised: 2, handled: 1, handled_rate: 0.5 },
        { start: '2026-03-16', raised: 0, handled: 0, handled_rate: null },
        { start: '2026-03-23', raised: 0, handled: 0, handled_rate: null },
        { start: '2026-03-30', raised: 1, handled: 0, handled_rate: 0 },
      ])
      expect(typeOf(report, timing)?.trend.map((point) => [point.start, point.raised])).toEqual([
        ['2026-03-02', 1],
        ['2026-03-09', 0],
        ['2026-03-16', 0],
        ['2026-03-23', 0],
        ['2026-03-30', 1],
      ])
      const monthly = await common('interval=month')
      expect(monthly.trend.map((point) => [point.start, point.raised])).toEqual([
        ['2026-03-01', 5],
        ['2026-04-01', 1],
      ])
    })

    it('narrows by pipeline, owner, status and type in both spellings', async () => {
      expect((await common(`pipelineId=${secondPipelineId}`)).total.raised).toBe(1)
      expect((await common(`pipeline_id.eq=${ws.pipelineId}`)).total.raised).toBe(5)
      expect((await common(`ownerId=${member.userId}`)).total).toMatchObject({
        raised: 2,
        deals: 1,
      })
      expect((await common(`owner_id.eq=${ws.admin.userId}`)).total.raised).toBe(3)
      expect((await common('statuses=won,lost')).total).toMatchObject({ raised: 3, deals: 2 })
      for (const query of [`objection_type_id.eq=${timing}`, `objection_type_id.in=${timing}`]) {
        const report = await common(query)
        expect(report.total).toMatchObject({ raised: 2, deals: 2 })
        expect(report.types.map((type) => type.objection_type_id)).toEqual([timing])
      }
      expect((await common(`objection_type_id.eq=${timing}&${RAW}`)).total.deals).toBe(2)
    })

    it('narrows to a period, over its own buckets, from the rollups or the objections', async () => {
      const period = 'engagement_timestamp.gte=2026-03-03&engagement_timestamp.lte=2026-03-31'
      for (const query of [period, `${period}&${RAW}`]) {
        const report = await common(query)
        // o4 (d2's first), o6 (d4's first), o2 and o3; the deals whose first objection it was.
        expect(report.total).toEqual({ raised: 4, handled: 3, handled_rate: 0.75, deals: 2 })
        expect(report.trend.map((point) => point.start)).toEqual([
          '2026-03-02',
          '2026-03-09',
          '2026-03-16',
          '2026-03-23',
          '2026-03-30',
        ])
        // Outcomes: the deals that first met the type in the period (d2 and d4, not d1).
        expect(typeOf(report, price)).toMatchObject({
          raised: 3,
          deals: 2,
          outcomes: {
            handled: { deals: 1, closed: 1, won: 1, progressed: 0 },
            not_handled: { deals: 1, closed: 1, won: 0 },
          },
        })
        expect(typeOf(report, timing)).toMatchObject({ raised: 1, deals: 1 })
      }
      const typed = `${period}&objection_type_id.eq=${price}`
      for (const query of [typed, `${typed}&${RAW}`]) {
        expect((await common(query)).total).toMatchObject({ raised: 3, deals: 2 })
      }
      // Inside a day, only the objections themselves can tell.
      const afternoon = await common('engagement_timestamp.gte=2026-03-10T12:00:00Z')
      expect(afternoon.total.raised).toBe(2)
      expect((await common(`stage_id.in=${laterStageId}`)).total.raised).toBe(2)
    })

    it('shows members the organisation’s figures and never another organisation’s', async () => {
      expect((await common('', member)).total.raised).toBe(6)
      const theirs = await common('', outsider.admin)
      expect(theirs.total.raised).toBe(1)
      expect(theirs.types.map((type) => type.objection_type_id)).toEqual([outsiderType])
      const foreignType = await common(`objection_type_id.eq=${outsiderType}`)
      expect(foreignType.total).toEqual({ raised: 0, handled: 0, handled_rate: null, deals: 0 })
      expect(foreignType.types).toEqual([])
      expect((await common(`pipelineId=${outsider.pipelineId}`)).total.raised).toBe(0)
    })
  })

  describe('handling-stats', () => {
    it('counts per rep, most met first, the unassigned as a null owner', async () => {
      for (const query of ['', RAW]) {
        const stats = await handling(query)
        expect(stats.total).toEqual({ raised: 6, handled: 3, handled_rate: 0.5 })
        expect(stats.reps.map((rep) => [rep.owner?.id ?? null, rep.raised, rep.handled])).toEqual([
          [ws.admin.userId, 3, 2],
          [member.userId, 2, 1],
          [null, 1, 0],
        ])
        expect(stats.reps[1]?.owner?.name).toBe('Carol Cole')
        // Ties by type id: o3 (price, missed) and o4 (timing, handled).
        const memberTypes = [
          { objection_type_id: price, raised: 1, handled: 0, handled_rate: 0 },
          { objection_type_id: timing, raised: 1, handled: 1, handled_rate: 1 },
        ].sort((a, b) => a.objection_type_id.localeCompare(b.objection_type_id))
        expect(stats.reps[1]?.types).toEqual(memberTypes)
        expect(stats.reps[0]?.types).toEqual([
          { objection_type_id: price, raised: 3, handled: 2, handled_rate: 0.667 },
        ])
      }
    })

    it('narrows by pipeline, type, period and stage', async () => {
      const inSecond = await handling(`pipelineId=${secondPipelineId}`)
      expect(inSecond.reps.map((rep) => rep.owner?.id)).toEqual([ws.admin.userId])
      const timingOnly = await handling(`objection_type_id.eq=${timing}`)
      expect(timingOnly.reps.map((rep) => rep.owner?.id ?? null)).toEqual([member.userId, null])
      const april = await handling('engagement_timestamp.gte=2026-04-01')
      expect(april.total.raised).toBe(1)
      const later = await handling(`stage_id.in=${laterStageId}`)
      expect(later.reps.map((rep) => [rep.owner?.id, rep.raised])).toEqual([[ws.admin.userId, 2]])
      expect((await handling(`objection_type_id.eq=${outsiderType}`)).reps).toEqual([])
    })
  })

  describe('analysis', () => {
    it('lists by when raised, newest first by default, without rejected objections', async () => {
      const listed = await list()
      expect(namesOf(listed)).toEqual(['o5', 'o3', 'o2', 'o6', 'o4', 'o1'])
      expect(listed.pagination).toEqual({ page: 1, page_size: 30, total: 6 })
      const first = listed.models.find((model) => model.id === o.get('o1'))
      expect(first).toMatchObject({
        objection_type_id: price,
        text: 'Objection o1',
        handled: false,
        handling_score: 0.2,
        created: '2026-03-02T10:00:00.000Z',
        utterance_index: 1,
        deal: { id: d[0], stage_id: laterStageId, status: 'open', owner: { id: ws.admin.userId } },
        engagement: { type: 'transcript', occurred_at: '2026-03-02T10:00:00.000Z' },
        feedback: { verdict: 'other_type', original_type_id: timing },
      })
      expect(listed.models.find((model) => model.id === o.get('o5'))?.deal.owner).toBeNull()
      expect(listed.models.find((model) => model.id === o.get('o2'))?.feedback).toBeNull()
      expect(namesOf(await list('direction=asc'))).toEqual(['o1', 'o4', 'o6', 'o2', 'o3', 'o5'])
    })

    it('orders by handling score either way and pages', async () => {
      expect(namesOf(await list('order_by=handling_score&direction=asc'))).toEqual([
        'o3',
        'o1',
        'o5',
        'o6',
        'o4',
        'o2',
      ])
      const page = await list('order_by=handling_score&page=2&page_size=2')
      expect(namesOf(page)).toEqual(['o6', 'o5'])
      expect(page.pagination).toEqual({ page: 2, page_size: 2, total: 6 })
    })

    it('narrows by created, verdict, type and deal filters, counting from either source', async () => {
      const window = await list('created.gte=2026-03-03&created.lt=2026-03-11')
      expect(namesOf(window)).toEqual(['o2', 'o6', 'o4'])
      expect(window.pagination.total).toBe(3)
      for (const query of ['handled.eq=true', `handled.eq=true&${RAW}`]) {
        const handled = await list(query)
        expect(namesOf(handled)).toEqual(['o2', 'o6', 'o4'])
        expect(handled.pagination.total).toBe(3)
      }
      const missed = await list(`handled.eq=false&pipelineId=${ws.pipelineId}`)
      expect(namesOf(missed)).toEqual(['o5', 'o3', 'o1'])
      expect(missed.pagination.total).toBe(3)
      expect(
        namesOf(await list(`objection_type_id.eq=${timing}&ownerId=${member.userId}`)),
      ).toEqual(['o4'])
      const afternoon = await list('created.gte=2026-03-10T12:00:00Z&created.lt=2026-04-01')
      expect(namesOf(afternoon)).toEqual(['o3'])
      expect(afternoon.pagination.total).toBe(1)
    })

    it('reads the query’s enums in any case', async () => {
      expect(namesOf(await list('order_by=Handling_Score&direction=ASC'))).toEqual(
        namesOf(await list('order_by=handling_score&direction=asc')),
      )
      expect(namesOf(await list('handled.eq=TRUE&statuses=Open,WON,lost'))).toEqual([
        'o2',
        'o6',
        'o4',
      ])
      expect(await common('interval=Month&status.in=WON')).toEqual(
        await common('interval=month&status.in=won'),
      )
      expect((await common('interval=MONTH')).interval).toBe('month')
      expect(await handling('statuses=LOST')).toEqual(await handling('statuses=lost'))
    })

    it('shows another organisation nothing of ours, and our filters nothing of theirs', async () => {
      const theirs = await list('', outsider.admin)
      expect(theirs.models.map((model) => model.type_name)).toHaveLength(1)
      expect(theirs.pagination.total).toBe(1)
      const foreign = await list(`objection_type_id.eq=${outsiderType}`)
      expect(foreign).toEqual({ models: [], pagination: { page: 1, page_size: 30, total: 0 } })
      expect((await list('', member)).pagination.total).toBe(6)
    })
  })

  it('refuses bad input with the parameter’s path, and callers without a token', async () => {
    const cases: [string, string][] = [
      [
        '/v1/objections/common-objections-analysis?objection_type_id.eq=nope',
        'objection_type_id.eq',
      ],
      ['/v1/objections/common-objections-analysis?interval=day', 'interval'],
      [
        '/v1/objections/analysis/handling-stats?engagement_timestamp.gte=yesterday',
        'engagement_timestamp.gte',
      ],
      ['/v1/objections/analysis/handling-stats?ownerId=nope', 'ownerId'],
      ['/v1/objections/analysis?order_by=text', 'order_by'],
      ['/v1/objections/analysis?handled.eq=maybe', 'handled.eq'],
      ['/v1/objections/analysis?created.lte=2026-03-01', 'created.lte'],
    ]
    for (const [path, parameter] of cases) {
      const response = await callAs(app(), ws.admin, 'GET', path)
      expect(response.statusCode, path).toBe(400)
      expect(pathsOf(response.body), path).toContain(`querystring.${parameter}`)
    }
    for (const path of [
      '/v1/objections/common-objections-analysis',
      '/v1/objections/analysis/handling-stats',
      '/v1/objections/analysis',
    ]) {
      expect((await callAs(app(), undefined, 'GET', path)).statusCode).toBe(401)
    }
  })

  it('leaves rejected objections out of the list under their type', async () => {
    const response = await callAs(
      app(),
      ws.admin,
      'GET',
      `/v1/objections/types/${timing}/objections`,
    )
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json<{ models: { id: string }[]; pagination: { total: number } }>()
    expect(body.models.map((model) => model.id)).not.toContain(o.get('o7'))
    expect(body.pagination.total).toBe(2)
  })
})
