import type {
  CommonObjections,
  ObjectionHandlingStats,
} from '@dealcoach/contracts/objection-analysis'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { objections } from '../../db/schema/analysis.js'
import { deals } from '../../db/schema/deals.js'
import { engagements } from '../../db/schema/engagements.js'
import { objectionTypes } from '../../db/schema/objection-types.js'
import { stages } from '../../db/schema/pipelines.js'
import type { DealAnalysis } from '@dealcoach/contracts/intelligence'
import { analysisServiceWith } from '../../test-support/analysis-service.js'
import {
  createDeal,
  uploadTranscript,
  workspace,
  type Workspace,
} from '../../test-support/assessment-fixtures.js'
import { callAs, inviteMember, type SignedIn } from '../../test-support/auth-helpers.js'
import {
  createPipeline,
  insertDeals,
  insertStageChange,
} from '../../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

/**
 * The objection rollups (ADR 0011) follow every write: objections inserted, deleted, rejected
 * and moved to another type, deals moved to another owner, pipeline or status, and stage changes
 * after an objection. After each step the rollup tables are held against a recount from the
 * objections, and the calls answer the same from the rollups as from the objections.
 */
describe('objection analysis rollups', () => {
  let testApp: TestApp
  const app = () => testApp.app
  let ws: Workspace
  let member: SignedIn
  let secondPipelineId: string
  let dealId: string
  let engagementId: string
  let price: string
  let timing: string

  async function get<T>(path: string): Promise<T> {
    const response = await callAs(app(), ws.admin, 'GET', path)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ data: T }>().data
  }
  /** The report from the rollups, and from the objections (a filter no rollup answers). */
  async function bothWays(query = ''): Promise<CommonObjections> {
    const path = `/v1/objections/common-objections-analysis?${query}`
    const fromRollups = await get<CommonObjections>(path)
    const fromObjections = await get<CommonObjections>(`${path}&staleness.in=active,cooling,stale`)
    expect(fromRollups).toEqual(fromObjections)
    return fromRollups
  }
  const typeOf = (report: CommonObjections, typeId: string) =>
    report.types.find((type) => type.objection_type_id === typeId)

  async function rows(query: string) {
    const result = await app().db.execute(sql.raw(query))
    const found = (result as { rows?: Record<string, unknown>[] }).rows
    if (!Array.isArray(found)) throw new Error('the driver answered no rows array')
    return found
  }

  /** Every rollup row equals what the objections and deals say now. */
  async function expectRollupsMatch() {
    const organisation = `'${ws.admin.organisationId}'`
    const recountDays = `select d.pipeline_id, d.owner_id, d.status::text, o.objection_type_id,
        (o.occurred_at at time zone 'UTC')::date::text as day, count(*)::int as raised,
        (count(*) filter (where o.handled))::int as handled
      from objections o join deals d on d.id = o.deal_id
      where o.organisation_id = ${organisation} and not o.rejected group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`
    const keptDays = `select pipeline_id, owner_id, status::text, objection_type_id, day::text, raised, handled
      from objection_type_days where organisation_id = ${organisation} and raised > 0 order by 1, 2, 3, 4, 5`
    expect(await rows(keptDays)).toEqual(await rows(recountDays))
    // The counts over every day follow the days, statement by statement (migration 0034).
    const recountTotals = `select pipeline_id, owner_id, status, objection_type_id,
        sum(raised)::int as raised, sum(handled)::int as handled
      from (${recountDays}) per_day group by 1, 2, 3, 4 order by 1, 2, 3, 4`
    const keptTotals = `select pipeline_id, owner_id, status::text, objection_type_id, raised, handled
      from objection_type_counts where organisation_id = ${organisation} and raised > 0 order by 1, 2, 3, 4`
    expect(await rows(keptTotals)).toEqual(await rows(recountTotals))
    const recountDeals = `select o.deal_id, o.objection_type_id, d.pipeline_id, d.owner_id, d.status::text,
        count(*)::int as raised, (count(*) filter (where o.handled))::int as handled,
        (array_agg(o.handled order by o.occurred_at desc, o.id desc))[1] as last_handled
      from objections o join deals d on d.id = o.deal_id
      where o.organisation_id = ${organisation} and not o.rejected group by 1, 2, 3, 4, 5 order by 1, 2`
    const keptDeals = `select deal_id, objection_type_id, pipeline_id, owner_id, status::text, raised, handled, last_handled
      from deal_objection_types where organisation_id = ${organisation} order by 1, 2`
    expect(await rows(keptDeals)).toEqual(await rows(recountDeals))
    const outcomesOf = `select pipeline_id, owner_id, status::text, objection_type_id, last_handled, progressed, count(*)::int as deals
      from deal_objection_types where organisation_id = ${organisation} group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`
    const keptOutcomes = `select pipeline_id, owner_id, status::text, objection_type_id, last_handled, progressed, deals
      from objection_outcome_counts where organisation_id = ${organisation} and deals > 0 order by 1, 2, 3, 4, 5, 6`
    expect(await rows(keptOutcomes)).toEqual(await rows(outcomesOf))
    const dealsOf = `select pipeline_id, owner_id, status::text, count(distinct deal_id)::int as deals
      from deal_objection_types where organisation_id = ${organisation} group by 1, 2, 3 order by 1, 2, 3`
    const keptDealCounts = `select pipeline_id, owner_id, status::text, deals
      from objection_deal_counts where organisation_id = ${organisation} and deals > 0 order by 1, 2, 3`
    expect(await rows(keptDealCounts)).toEqual(await rows(dealsOf))
    const outcomeDaysOf = `select pipeline_id, owner_id, status::text, objection_type_id,
        (first_raised_at at time zone 'UTC')::date::text as first_day, last_handled, progressed, count(*)::int as deals
      from deal_objection_types where organisation_id = ${organisation} group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`
    const keptOutcomeDays = `select pipeline_id, owner_id, status::text, objection_type_id, first_day::text, last_handled, progressed, deals
      from objection_outcome_days where organisation_id = ${organisation} and deals > 0 order by 1, 2, 3, 4, 5, 6, 7`
    expect(await rows(keptOutcomeDays)).toEqual(await rows(outcomeDaysOf))
    const dealDaysOf = `select pipeline_id, owner_id, status, first_day, count(*)::int as deals from (
        select deal_id, pipeline_id, owner_id, status::text, (min(first_raised_at) at time zone 'UTC')::date::text as first_day
        from deal_objection_types where organisation_id = ${organisation} group by 1, 2, 3, 4) per_deal
      group by 1, 2, 3, 4 order by 1, 2, 3, 4`
    const keptDealDays = `select pipeline_id, owner_id, status::text, first_day::text, deals
      from objection_deal_days where organisation_id = ${organisation} and deals > 0 order by 1, 2, 3, 4`
    expect(await rows(keptDealDays)).toEqual(await rows(dealDaysOf))
  }

  async function raise(typeId: string, at: string, handled: boolean) {
    const [row] = await app()
      .db.insert(objections)
      .values({
        organisationId: ws.admin.organisationId,
        objectionTypeId: typeId,
        dealId,
        engagementId,
        text: 'Too expensive',
        handled,
        handlingScore: handled ? 0.8 : 0.2,
        occurredAt: new Date(at),
      })
      .returning({ id: objections.id })
    return row?.id ?? ''
  }

  beforeAll(async () => {
    // No workers: the test runs the analysis itself, and a worker taking the same job would race it.
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    ws = await workspace(app())
    member = await inviteMember(app(), ws.admin)
    secondPipelineId = (
      await createPipeline(app(), ws.admin, { name: 'Renewals', framework: 'meddic' })
    ).id
    const organisationId = ws.admin.organisationId
    ;[dealId = ''] = await insertDeals(
      app(),
      { organisationId, pipelineId: ws.pipelineId, stageId: ws.stageId },
      1,
    )
    const [engagement] = await app()
      .db.insert(engagements)
      .values({
        organisationId,
        dealId,
        type: 'transcript',
        name: 'Discovery',
        occurredAt: new Date('2026-03-02T10:00:00Z'),
      })
      .returning({ id: engagements.id })
    engagementId = engagement?.id ?? ''
    const types = await app()
      .db.select({ id: objectionTypes.id })
      .from(objectionTypes)
      .where(eq(objectionTypes.organisationId, organisationId))
      .orderBy(asc(objectionTypes.name))
    price = types[0]?.id ?? ''
    timing = types[1]?.id ?? ''
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('follows objections inserted, rejected, moved to another type and deleted', async () => {
    const first = await raise(price, '2026-03-02T10:00:00Z', false)
    const second = await raise(price, '2026-03-03T10:00:00Z', true)
    await expectRollupsMatch()
    expect(await rows('select * from deal_objection_days')).toHaveLength(2)
    let report = await bothWays()
    expect(typeOf(report, price)).toMatchObject({ raised: 2, handled: 1, deals: 1 })
    const period = await bothWays(
      'engagement_timestamp.gte=2026-03-02&engagement_timestamp.lte=2026-03-02',
    )
    expect(period.total).toMatchObject({ raised: 1, deals: 1 })
    expect(typeOf(report, price)?.outcomes.handled.deals).toBe(1)

    // "Not an objection": the latest is gone, so the deal's latest of the type was not handled.
    await app().db.update(objections).set({ rejected: true }).where(eq(objections.id, second))
    await expectRollupsMatch()
    report = await bothWays()
    expect(typeOf(report, price)).toMatchObject({ raised: 1, handled: 0 })
    expect(typeOf(report, price)?.outcomes.not_handled.deals).toBe(1)
    await app().db.update(objections).set({ rejected: false }).where(eq(objections.id, second))

    // "Another type": the counts move with it.
    await app()
      .db.update(objections)
      .set({ objectionTypeId: timing })
      .where(eq(objections.id, first))
    await expectRollupsMatch()
    report = await bothWays()
    expect(typeOf(report, price)).toMatchObject({ raised: 1, handled: 1 })
    expect(typeOf(report, timing)).toMatchObject({ raised: 1, handled: 0 })

    await app().db.delete(objections).where(eq(objections.id, first))
    await expectRollupsMatch()
    report = await bothWays()
    expect(report.types.map((type) => type.objection_type_id)).toEqual([price])
    expect(report.total).toMatchObject({ raised: 1, deals: 1 })
  })

  it('follows the analysis job replacing a deal’s objections', async () => {
    const analysed = await createDeal(app(), ws, 'Analysed deal')
    const uploaded = await uploadTranscript(app(), ws.admin, analysed)
    const engagement = {
      id: uploaded.engagement.id,
      name: 'Discovery call',
      date: '2026-11-02T10:00:00.000Z',
      type: 'transcript',
    }
    const detected = (typeId: string, handled: boolean): DealAnalysis['objections'][number] => ({
      type: typeId,
      type_name: 'Scripted',
      quote: 'Honestly, the price is too high for us.',
      speaker: 'Bea Buyer',
      role: 'buyer',
      engagement,
      utterance_index: 1,
      confidence: 0.9,
      handled,
      handling_score: handled ? 0.8 : 0.1,
      seller_reply: handled ? 'We can phase the rollout.' : null,
      cues: [],
    })
    async function analyse(runId: string, found: DealAnalysis['objections']) {
      const service = analysisServiceWith(app(), {
        name: 'scripted',
        analyseDeal: () =>
          Promise.resolve({
            provider: 'scripted',
            action_results: [],
            objections: found,
            solution_fit: { tier: 2, total: 6, scoring: [] },
            confidence: { score: 40, level: 'medium', factors: [] },
            risk_warnings: [],
          }),
      })
      await service.run(
        { organisationId: ws.admin.organisationId, dealId: analysed, runId },
        { finalAttempt: true },
      )
    }
    const novemberOnly = 'engagement_timestamp.gte=2026-11-01&engagement_timestamp.lte=2026-11-30'

    await analyse(uploaded.analysis.run_id, [detected(price, false), detected(timing, true)])
    await expectRollupsMatch()
    let report = await bothWays(novemberOnly)
    expect(report.total).toMatchObject({ raised: 2, handled: 1, deals: 1 })

    // A re-analysis replaces the deal's objections, and their counts with them.
    const rerun = await callAs(app(), ws.admin, 'POST', `/v1/deals/${analysed}/analysis`)
    expect(rerun.statusCode, rerun.body).toBe(202)
    await analyse(rerun.json<{ run_id: string }>().run_id, [detected(price, true)])
    await expectRollupsMatch()
    report = await bothWays(novemberOnly)
    expect(report.total).toMatchObject({ raised: 1, handled: 1, deals: 1 })
    expect(report.types.map((type) => type.objection_type_id)).toEqual([price])
    await app().db.delete(deals).where(eq(deals.id, analysed))
  })

  it('follows the deal to another owner, pipeline and status, and its stage progress', async () => {
    await app().db.update(deals).set({ ownerId: member.userId }).where(eq(deals.id, dealId))
    await expectRollupsMatch()
    const stats = await get<ObjectionHandlingStats>(
      `/v1/objections/analysis/handling-stats?ownerId=${member.userId}`,
    )
    expect(stats.reps.map((rep) => [rep.owner?.id, rep.raised])).toEqual([[member.userId, 1]])
    expect((await bothWays(`ownerId=${ws.admin.userId}`)).total.raised).toBe(0)

    await app().db.update(deals).set({ status: 'won' }).where(eq(deals.id, dealId))
    await expectRollupsMatch()
    expect(typeOf(await bothWays('statuses=won'), price)?.outcomes.handled).toMatchObject({
      deals: 1,
      closed: 1,
      won: 1,
      win_rate: 1,
      progressed: 0,
    })

    const [, later] = await app()
      .db.select({ id: stages.id })
      .from(stages)
      .where(eq(stages.pipelineId, ws.pipelineId))
      .orderBy(asc(stages.position))
    await app()
      .db.update(deals)
      .set({ stageId: later?.id ?? '' })
      .where(eq(deals.id, dealId))
    await insertStageChange(app(), ws.admin.organisationId, dealId, ws.stageId, later?.id ?? '')
    await expectRollupsMatch()
    expect(typeOf(await bothWays(), price)?.outcomes.handled).toMatchObject({
      progressed: 1,
      progress_rate: 1,
    })

    const secondStage = await app()
      .db.select({ id: stages.id })
      .from(stages)
      .where(eq(stages.pipelineId, secondPipelineId))
      .orderBy(asc(stages.position))
      .limit(1)
    await app()
      .db.update(deals)
      .set({ pipelineId: secondPipelineId, stageId: secondStage[0]?.id ?? '' })
      .where(eq(deals.id, dealId))
    await expectRollupsMatch()
    expect((await bothWays(`pipelineId=${ws.pipelineId}`)).total.raised).toBe(0)
    expect((await bothWays(`pipelineId=${secondPipelineId}`)).total.raised).toBe(1)

    // A deleted deal takes its objections, and their counts, along.
    await app().db.delete(deals).where(eq(deals.id, dealId))
    await expectRollupsMatch()
    expect((await bothWays()).total).toEqual({
      raised: 0,
      handled: 0,
      handled_rate: null,
      deals: 0,
    })
  })
})
