import type {
  ActionCompletionStats,
  ActionStats,
  ConfidenceStats,
} from '@dealcoach/contracts/deal-stats'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionResults, dealAssessments } from '../../db/schema/analysis.js'
import { deals } from '../../db/schema/deals.js'
import { engagements } from '../../db/schema/engagements.js'
import { actions } from '../../db/schema/pipelines.js'
import { workspace, type Workspace } from '../../test-support/assessment-fixtures.js'
import { callAs, type SignedIn } from '../../test-support/auth-helpers.js'
import { type ErrorJson, insertDeals, pathsOf } from '../../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

/** GET /v1/deals/action-stats, action-completion-stats and confidence-stats (spec §7). */
describe('deal stats', () => {
  let testApp: TestApp
  const app = () => testApp.app
  let ws: Workspace
  let outsider: Workspace
  /** Deals in the workspace's first stage: a, b, c, d. */
  let dealIds: string[]
  let firstAction: { id: string; name: string; stageId: string | null }
  let secondAction: { id: string }

  async function get<T>(path: string, session: SignedIn = ws.admin): Promise<T> {
    const response = await callAs(app(), session, 'GET', path)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ data: T }>().data
  }
  const idAt = (index: number) => dealIds[index] ?? 'missing'
  const countsOf = (stats: ActionStats, actionId: string) =>
    stats.stages.flatMap((stage) => stage.actions).find((action) => action.action_id === actionId)
      ?.counts

  async function result(dealId: string, actionId: string, status: string, createdAt: string) {
    await app()
      .db.insert(actionResults)
      .values({
        organisationId: ws.admin.organisationId,
        dealId,
        actionId,
        status,
        createdAt: new Date(createdAt),
      })
  }

  beforeAll(async () => {
    testApp = await createTestApp()
    ws = await workspace(app())
    outsider = await workspace(app())
    dealIds = await insertDeals(
      app(),
      { organisationId: ws.admin.organisationId, pipelineId: ws.pipelineId, stageId: ws.stageId },
      4,
    )
    const playbook = await app()
      .db.select({ id: actions.id, name: actions.name, stageId: actions.stageId })
      .from(actions)
      .where(eq(actions.pipelineId, ws.pipelineId))
      .orderBy(asc(actions.position))
    const [first, second] = playbook
    if (!first || !second) throw new Error('the framework pipeline has fewer than two actions')
    firstAction = first
    secondAction = second
    // Deal 1: completed after being pending (the latest result counts); deal 2: pending;
    // deal 3: in progress; deal 4: nothing yet.
    await result(idAt(0), first.id, 'Pending', '2026-03-01T10:00:00Z')
    await result(idAt(0), first.id, 'Completed', '2026-03-05T10:00:00Z')
    await result(idAt(1), first.id, 'Waiting on buyer', '2026-03-05T12:00:00Z')
    await result(idAt(2), first.id, 'In progress', '2026-04-20T09:00:00Z')
    await result(idAt(1), second.id, 'Done', '2026-04-21T09:00:00Z')
    // Confidence and outcome: 1 open at 15, 2 won at 85, 3 lost at 82, 4 not analysed.
    const set = (index: number, row: Partial<typeof deals.$inferInsert>) =>
      app()
        .db.update(deals)
        .set(row)
        .where(eq(deals.id, idAt(index)))
    await set(0, { confidence: 15, closeDate: '2026-06-30' })
    await set(1, { confidence: 85, status: 'won', closeDate: '2026-05-15' })
    await set(2, { confidence: 82, status: 'lost', closeDate: '2026-05-20' })
    await app()
      .db.insert(dealAssessments)
      .values({
        organisationId: ws.admin.organisationId,
        dealId: idAt(0),
        confidence: 15,
        confidenceFactors: [
          { name: 'Activity', effect: 5, detail: 'Recent call' },
          { name: 'Champion', effect: -20, detail: 'No champion' },
          { name: 'Next step', effect: -10, detail: 'None agreed' },
        ],
      })
  })

  afterAll(async () => {
    await testApp.close()
  })

  describe('action-stats', () => {
    it('counts each deal’s latest result per action, and the deals without one as not done', async () => {
      const stats = await get<ActionStats>(`/v1/deals/action-stats?pipelineId=${ws.pipelineId}`)
      expect(stats.total_deals).toBe(4)
      expect(countsOf(stats, firstAction.id)).toEqual({
        completed: 1,
        pending: 1,
        ongoing: 1,
        not_done: 1,
      })
      expect(countsOf(stats, secondAction.id)).toEqual({
        completed: 1,
        pending: 0,
        ongoing: 0,
        not_done: 3,
      })
      const stageOfFirst = stats.stages.find((stage) =>
        stage.actions.some((action) => action.action_id === firstAction.id),
      )
      expect(stageOfFirst?.stage_id).toBe(firstAction.stageId)
      expect(stats.cell).toBeNull()
    })

    it('narrows by the deal filters in both spellings, close dates included', async () => {
      const won = await get<ActionStats>(`/v1/deals/action-stats?status.in=won`)
      expect(won.total_deals).toBe(1)
      expect(countsOf(won, firstAction.id)).toMatchObject({ pending: 1, not_done: 0 })
      const closing = await get<ActionStats>(
        `/v1/deals/action-stats?close_date.gte=2026-05-01&closeDateLte=2026-05-31`,
      )
      expect(closing.total_deals).toBe(2)
      expect(countsOf(closing, firstAction.id)).toEqual({
        completed: 0,
        pending: 1,
        ongoing: 1,
        not_done: 0,
      })
    })

    it('lists the deals behind a cell', async () => {
      const notDone = await get<ActionStats>(
        `/v1/deals/action-stats?action_id=${secondAction.id}&action_status=not_done&per_page=2`,
      )
      expect(notDone.cell).toMatchObject({ action_status: 'not_done', total: 3 })
      expect(notDone.cell?.deal_ids).toHaveLength(2)
      expect(notDone.cell?.deal_ids).not.toContain(idAt(1))
      const completed = await get<ActionStats>(
        `/v1/deals/action-stats?action_id=${firstAction.id}&action_status=completed`,
      )
      expect(completed.cell).toEqual({
        action_id: firstAction.id,
        action_status: 'completed',
        total: 1,
        deal_ids: [idAt(0)],
      })
    })

    it('reads the query’s enums in any case, answering the contract’s own spelling', async () => {
      const lower = `action_id=${firstAction.id}&action_status=completed&statuses=open,won`
      const mixed = `action_id=${firstAction.id}&action_status=Completed&statuses=OPEN,Won`
      const stats = await get<ActionStats>(`/v1/deals/action-stats?${mixed}`)
      expect(stats).toEqual(await get<ActionStats>(`/v1/deals/action-stats?${lower}`))
      expect(stats.cell).toMatchObject({ action_status: 'completed', deal_ids: [idAt(0)] })
      for (const report of ['action-completion-stats', 'confidence-stats']) {
        expect(await get(`/v1/deals/${report}?status.in=LOST&staleness.in=Stale`), report).toEqual(
          await get(`/v1/deals/${report}?status.in=lost&staleness.in=stale`),
        )
      }
      const confidence = await get<ConfidenceStats>('/v1/deals/confidence-stats?statuses=WON')
      expect(confidence.total_deals).toBe(1)
    })

    it('answers no deals for a filter nothing matches', async () => {
      const stats = await get<ActionStats>(`/v1/deals/action-stats?searchQuery=nothing-like-this`)
      expect(stats).toEqual({ total_deals: 0, stages: [], cell: null })
    })
  })

  describe('action-completion-stats', () => {
    it('buckets the results in the window by day', async () => {
      const stats = await get<ActionCompletionStats>(
        `/v1/deals/action-completion-stats?pipelineId=${ws.pipelineId}&start_date=2026-03-01&end_date=2026-03-31&per_page=999`,
      )
      expect(stats.bucket).toBe('day')
      expect(stats.series).toEqual([
        { date: '2026-03-01', completed: 0, pending: 1, ongoing: 0 },
        { date: '2026-03-05', completed: 1, pending: 1, ongoing: 0 },
      ])
      expect(stats.actions).toEqual([
        { action_id: firstAction.id, name: firstAction.name, completed: 1, total: 3 },
      ])
    })

    it('buckets an open window by month and applies the deal filters', async () => {
      const stats = await get<ActionCompletionStats>(
        `/v1/deals/action-completion-stats?statuses=won`,
      )
      expect(stats).toMatchObject({ start_date: null, end_date: null, bucket: 'month' })
      expect(stats.series).toEqual([
        { date: '2026-03-01', completed: 0, pending: 1, ongoing: 0 },
        { date: '2026-04-01', completed: 1, pending: 0, ongoing: 0 },
      ])
    })

    it('dates a result by the call it was found in, not by when it was analysed', async () => {
      const [call] = await app()
        .db.insert(engagements)
        .values({
          organisationId: ws.admin.organisationId,
          dealId: idAt(3),
          type: 'transcript',
          name: 'Discovery call',
          occurredAt: new Date('2025-02-10T15:00:00Z'),
        })
        .returning()
      await app()
        .db.insert(actionResults)
        .values({
          organisationId: ws.admin.organisationId,
          dealId: idAt(3),
          actionId: secondAction.id,
          engagementId: call?.id,
          status: 'Completed',
          createdAt: new Date('2026-04-30T08:00:00Z'),
        })
      try {
        const stats = await get<ActionCompletionStats>(
          `/v1/deals/action-completion-stats?pipelineId=${ws.pipelineId}&start_date=2025-02-01&end_date=2025-02-28`,
        )
        expect(stats.series).toEqual([{ date: '2025-02-10', completed: 1, pending: 0, ongoing: 0 }])
      } finally {
        // The call's results go with it (cascade), so the other tests see the deal as before.
        await app()
          .db.delete(engagements)
          .where(eq(engagements.id, call?.id ?? ''))
      }
    })

    it('answers empty series for a window without results', async () => {
      const stats = await get<ActionCompletionStats>(
        `/v1/deals/action-completion-stats?start_date=2025-01-01&end_date=2025-01-31`,
      )
      expect(stats.series).toEqual([])
      expect(stats.actions).toEqual([])
    })
  })

  describe('confidence-stats', () => {
    it('answers the distribution, the deals at risk with their factors, and the outcomes', async () => {
      const stats = await get<ConfidenceStats>(
        `/v1/deals/confidence-stats?pipeline_id.eq=${ws.pipelineId}&per_page=999`,
      )
      expect(stats).toMatchObject({ total_deals: 4, analysed_deals: 3, average_confidence: 60.7 })
      expect(stats.distribution).toHaveLength(10)
      expect(stats.distribution[1]).toEqual({ from: 10, to: 19, count: 1 })
      expect(stats.distribution[8]).toEqual({ from: 80, to: 89, count: 2 })
      expect(stats.distribution[9]).toEqual({ from: 90, to: 100, count: 0 })
      expect(stats.at_risk).toEqual([
        expect.objectContaining({
          deal_id: idAt(0),
          confidence: 15,
          close_date: '2026-06-30',
          top_factors: [
            { name: 'Champion', effect: -20, detail: 'No champion' },
            { name: 'Next step', effect: -10, detail: 'None agreed' },
          ],
        }),
      ])
      expect(stats.calibration[8]).toEqual({ from: 80, to: 89, won: 1, lost: 1, win_rate: 0.5 })
      expect(stats.calibration[1]).toMatchObject({ won: 0, lost: 0, win_rate: null })
    })

    it('reads start_date and end_date as the period of close dates', async () => {
      const stats = await get<ConfidenceStats>(
        `/v1/deals/confidence-stats?start_date=2026-05-01&end_date=2026-05-31`,
      )
      expect(stats).toMatchObject({ total_deals: 2, analysed_deals: 2, at_risk: [] })
    })
  })

  it('counts the same deals in all three reports for the dashboard’s period of close dates', async () => {
    // As the dashboard sends its period: close_date.gte/.lte, closeDateGte/Lte and
    // start_date/end_date, the parameters spec §7 names for each call. May holds deals 2 and 3.
    const filters = `pipelineId=${ws.pipelineId}`
    const adherence = await get<ActionStats>(
      `/v1/deals/action-stats?${filters}&close_date.gte=2026-05-01&close_date.lte=2026-05-31`,
    )
    const completion = await get<ActionCompletionStats>(
      `/v1/deals/action-completion-stats?${filters}&closeDateGte=2026-05-01&closeDateLte=2026-05-31&per_page=999`,
    )
    const confidence = await get<ConfidenceStats>(
      `/v1/deals/confidence-stats?${filters}&start_date=2026-05-01&end_date=2026-05-31&per_page=999`,
    )
    expect(adherence.total_deals).toBe(2)
    expect(confidence.total_deals).toBe(2)
    // Their results, whenever they came: deal 2's in March and April, deal 3's in April.
    expect(completion).toMatchObject({ start_date: null, end_date: null, bucket: 'month' })
    expect(completion.series).toEqual([
      { date: '2026-03-01', completed: 0, pending: 1, ongoing: 0 },
      { date: '2026-04-01', completed: 1, pending: 0, ongoing: 1 },
    ])
  })

  it('narrows the completion chart to a window of its own with start_date and end_date, beside the close dates', async () => {
    const completion = await get<ActionCompletionStats>(
      `/v1/deals/action-completion-stats?closeDateGte=2026-05-01&closeDateLte=2026-05-31&start_date=2026-04-01&end_date=2026-04-30`,
    )
    expect(completion).toMatchObject({ bucket: 'day' })
    expect(completion.series).toEqual([
      { date: '2026-04-20', completed: 0, pending: 0, ongoing: 1 },
      { date: '2026-04-21', completed: 1, pending: 0, ongoing: 0 },
    ])
  })

  it.each([
    ['/v1/deals/action-stats?pipelineId=nope', 'querystring.pipelineId'],
    ['/v1/deals/action-completion-stats?closeDateGte=2026-02-30', 'querystring.closeDateGte'],
    ['/v1/deals/confidence-stats?start_date=yesterday', 'querystring.start_date'],
    [
      '/v1/deals/action-stats?action_id=00000000-0000-4000-8000-000000000000',
      'querystring.action_status',
    ],
    ['/v1/deals/action-stats?close_date.gt=2026-01-01', 'querystring.close_date.gt'],
    ['/v1/deals/action-completion-stats?start_date=2026-13-01', 'querystring.start_date'],
    [
      '/v1/deals/action-completion-stats?start_date=2026-05-02&end_date=2026-05-01',
      'querystring.end_date',
    ],
    ['/v1/deals/confidence-stats?per_page=1000', 'querystring.per_page'],
    ['/v1/deals/confidence-stats?statuses=maybe', 'querystring.statuses.0'],
  ])('refuses %s with a 400 naming the parameter', async (path, field) => {
    const response = await callAs(app(), ws.admin, 'GET', path)
    expect(response.statusCode, response.body).toBe(400)
    expect(pathsOf(response.body)).toContain(field)
    expect(response.json<ErrorJson>().error.code).toBeDefined()
  })

  it('keeps each organisation to its own deals, even given another’s pipeline', async () => {
    const path = (name: string) => `/v1/deals/${name}?pipelineId=${ws.pipelineId}`
    const actionStats = await get<ActionStats>(path('action-stats'), outsider.admin)
    expect(actionStats).toEqual({ total_deals: 0, stages: [], cell: null })
    const completion = await get<ActionCompletionStats>(
      path('action-completion-stats'),
      outsider.admin,
    )
    expect(completion.series).toEqual([])
    const confidence = await get<ConfidenceStats>(path('confidence-stats'), outsider.admin)
    expect(confidence).toMatchObject({ total_deals: 0, analysed_deals: 0, at_risk: [] })
    const cell = await get<ActionStats>(
      `/v1/deals/action-stats?action_id=${firstAction.id}&action_status=completed`,
      outsider.admin,
    )
    expect(cell.cell).toMatchObject({ total: 0, deal_ids: [] })
  })

  it('needs a signed-in caller', async () => {
    const response = await app().inject({ method: 'GET', url: '/v1/deals/confidence-stats' })
    expect(response.statusCode).toBe(401)
  })
})
