import type { DealAnalysisBody } from '@dealcoach/contracts/analysis'
import { createBuiltinProvider } from '@dealcoach/intelligence/providers/builtin-provider'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analysisRuns } from '../../db/schema/analysis.js'
import { createDeal, TRANSCRIPT, workspace } from '../../test-support/assessment-fixtures.js'
import { callAs, type SignedIn } from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { createAnalysisInputs } from './analysis-inputs.js'
import { createCalendarReanalysisService } from './calendar-reanalysis.service.js'
import { createDealAnalysisService } from './deal-analysis.service.js'

const DAY_MS = 86_400_000

describe('calendar re-analysis', () => {
  let testApp: TestApp
  let app: FastifyInstance

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    app = testApp.app
    await app.ready()
  })
  afterAll(() => testApp.close())

  // The deal analysis and the daily pass with their clocks at `at`.
  const analysisAt = (at: number) =>
    createDealAnalysisService({
      db: app.db,
      inputs: createAnalysisInputs(app.services),
      deals: app.services.deals,
      provider: createBuiltinProvider(),
      engineVersion: 'test',
      now: () => new Date(at),
    })
  const calendarAt = (at: number) =>
    createCalendarReanalysisService({
      db: app.db,
      requests: app.services.analysisRequests,
      organisationIds: () => app.services.organisations.ids(),
      now: () => new Date(at),
    })

  async function runsOf(dealId: string, status?: 'queued') {
    return app.db
      .select()
      .from(analysisRuns)
      .where(
        and(eq(analysisRuns.dealId, dealId), status ? eq(analysisRuns.status, status) : undefined),
      )
  }

  // Runs the deal's queued analysis as a worker would on the given day.
  async function analyseQueued(session: SignedIn, dealId: string, at: number) {
    const [run] = await runsOf(dealId, 'queued')
    if (!run) throw new Error('no queued run')
    await analysisAt(at).run(
      { organisationId: session.organisationId, dealId, runId: run.id },
      { finalAttempt: true },
    )
    return run
  }

  async function analysisOf(session: SignedIn, dealId: string) {
    const response = await callAs(app, session, 'GET', `/v1/deals/${dealId}/analysis`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<DealAnalysisBody>()
  }

  async function uploadCall(session: SignedIn, dealId: string, occurredAt: number) {
    const uploaded = await callAs(app, session, 'POST', `/v1/deals/${dealId}/engagements`, {
      type: 'transcript',
      name: 'Discovery call',
      occurred_at: new Date(occurredAt).toISOString(),
      text: TRANSCRIPT,
      roles: { 'Sam Seller': 'seller', 'Bea Buyer': 'buyer' },
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
  }

  it('analyses again the open deals the calendar moved, once, and leaves the rest', async () => {
    const ws = await workspace(app)
    const quiet = await createDeal(app, ws, 'Goes quiet')
    const won = await createDeal(app, ws, 'Won already')
    const today = Date.now()
    // Both last heard from two days ago and analysed today; the second then won.
    for (const dealId of [quiet, won]) {
      await uploadCall(ws.admin, dealId, today - 2 * DAY_MS)
      await analyseQueued(ws.admin, dealId, today)
    }
    const patched = await callAs(app, ws.admin, 'PATCH', `/v1/deals/${won}`, { status: 'won' })
    expect(patched.statusCode, patched.body).toBe(200)
    await analyseQueued(ws.admin, won, today)
    const before = await analysisOf(ws.admin, quiet)
    const recency = (analysis: DealAnalysisBody) =>
      analysis.confidence?.factors.find((f) => f.name === 'activity_recency')
    expect(recency(before)).toMatchObject({ effect: 5, params: { count: 2 } })

    // The next day nothing crossed a step: three days quiet is still recent.
    expect(await calendarAt(today + DAY_MS).run()).toMatchObject({ queued: 0 })
    expect(await runsOf(quiet, 'queued')).toEqual([])

    // A week on, nine days quiet no longer counts as recent: the open deal is queued, in the
    // background, for the calendar; the won deal, read as it stood when it closed, is not.
    const weekOn = today + 7 * DAY_MS
    const pass = await calendarAt(weekOn).run()
    expect(pass.queued).toBeGreaterThanOrEqual(1)
    const queued = await runsOf(quiet, 'queued')
    expect(queued).toMatchObject([{ trigger: 'calendar' }])
    expect(await runsOf(won, 'queued')).toEqual([])
    // Another pass before the run starts adds nothing: the waiting run reads the deal as it is.
    await calendarAt(weekOn).run()
    expect(await runsOf(quiet, 'queued')).toHaveLength(1)
    const progress = await callAs(app, ws.admin, 'GET', '/v1/analysis/progress')
    expect(progress.json()).toMatchObject({ pending: 1, reason: 'calendar' })

    await analyseQueued(ws.admin, quiet, weekOn)
    const after = await analysisOf(ws.admin, quiet)
    expect(recency(after)).toMatchObject({ effect: 0, params: { count: 9 } })
    expect(after.confidence?.score).toBe((before.confidence?.score ?? 0) - 5)
    // Read again the same day, the fresh assessment needs nothing.
    expect((await runsOf(quiet)).length).toBe(2)
    await calendarAt(weekOn).run()
    expect(await runsOf(quiet, 'queued')).toEqual([])
  })
})
