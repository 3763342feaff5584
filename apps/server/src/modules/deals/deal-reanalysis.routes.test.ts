import type { AnalysisProgress, DealAnalysisBody } from '@dealcoach/contracts/analysis'
import type { Deal } from '@dealcoach/contracts/deals'
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analysisRuns } from '../../db/schema/analysis.js'
import {
  analyseTranscript,
  createDeal,
  runAnalysis,
  workspace,
  type Workspace,
} from '../../test-support/assessment-fixtures.js'
import { callAs } from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

/** The warnings about keeping an open deal moving, which a won or lost deal no longer gets. */
const MOMENTUM_WARNINGS = ['no_activity', 'stalled_in_stage', 'no_next_step']

describe('a deal re-analysed when the facts its analysis reads change', () => {
  let testApp: TestApp
  let app: FastifyInstance

  beforeAll(async () => {
    // No worker: each test runs the queued analysis itself, when it wants to.
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    app = testApp.app
    await app.ready()
  })
  afterAll(() => testApp.close())

  async function patch(space: Workspace, dealId: string, body: Record<string, unknown>) {
    const response = await callAs(app, space.admin, 'PATCH', `/v1/deals/${dealId}`, body)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Deal>()
  }

  async function analysisOf(space: Workspace, dealId: string) {
    const response = await callAs(app, space.admin, 'GET', `/v1/deals/${dealId}/analysis`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<DealAnalysisBody>()
  }

  async function triggersOf(dealId: string) {
    const runs = await app.db
      .select({ trigger: analysisRuns.trigger })
      .from(analysisRuns)
      .where(eq(analysisRuns.dealId, dealId))
      .orderBy(asc(analysisRuns.queuedAt))
    return runs.map((run) => run.trigger)
  }

  /** A deal whose discovery call (2026-11-02, weeks ago) has been analysed. */
  async function analysedDeal(space: Workspace) {
    const dealId = await createDeal(app, space)
    await analyseTranscript(app, space.admin, dealId)
    return dealId
  }

  it('re-analyses a deal with calls marked won, which then loses its open-deal warnings', async () => {
    const space = await workspace(app)
    const dealId = await analysedDeal(space)
    const open = await analysisOf(space, dealId)
    expect(open.risks.map((risk) => risk.code)).toContain('no_activity')

    await patch(space, dealId, { status: 'won' })
    const queued = await analysisOf(space, dealId)
    expect(queued.status).toBe('queued')
    expect(queued.run_id).not.toBe(open.run_id)
    expect(await triggersOf(dealId)).toEqual(['engagement', 'deal_update'])
    const progress = await callAs(app, space.admin, 'GET', '/v1/analysis/progress')
    expect(progress.json<AnalysisProgress>()).toMatchObject({ pending: 1, reason: 'deal_update' })

    await runAnalysis(app, space.admin, dealId, queued.run_id ?? '')
    const won = await analysisOf(space, dealId)
    expect(won.status).toBe('done')
    const codes = won.risks.map((risk) => risk.code)
    for (const code of MOMENTUM_WARNINGS) expect(codes).not.toContain(code)
  })

  it('re-analyses a deal moved to another stage or given another close date', async () => {
    const space = await workspace(app)
    const dealId = await analysedDeal(space)
    const pipeline = await callAs(app, space.admin, 'GET', `/v1/pipelines/${space.pipelineId}`)
    const nextStage = pipeline.json<{ stages: { stage_id: string }[] }>().stages[1]?.stage_id

    await patch(space, dealId, { stage_id: nextStage })
    const moved = await analysisOf(space, dealId)
    expect(moved.status).toBe('queued')
    await runAnalysis(app, space.admin, dealId, moved.run_id ?? '')

    await patch(space, dealId, { close_date: '2027-01-31' })
    expect((await analysisOf(space, dealId)).status).toBe('queued')
    expect(await triggersOf(dealId)).toEqual(['engagement', 'deal_update', 'deal_update'])
  })

  it('does not re-analyse for fields the analysis does not read, nor for unchanged ones', async () => {
    const space = await workspace(app)
    const dealId = await analysedDeal(space)
    const before = await analysisOf(space, dealId)

    await patch(space, dealId, {
      name: 'Acme rollout, phase 2',
      account_name: 'Acme',
      amount: 99000,
      currency: 'USD',
      // The same values as now: nothing the analysis reads changes.
      stage_id: space.stageId,
      status: 'open',
      close_date: '2026-12-31',
    })
    const after = await analysisOf(space, dealId)
    expect(after.status).toBe('done')
    expect(after.run_id).toBe(before.run_id)
    expect(await triggersOf(dealId)).toEqual(['engagement'])
  })

  it('does not analyse a deal without engagements', async () => {
    const space = await workspace(app)
    const dealId = await createDeal(app, space)

    await patch(space, dealId, { status: 'won', contacts: [{ name: 'Bea Buyer' }] })
    expect((await analysisOf(space, dealId)).status).toBe('none')
    expect(await triggersOf(dealId)).toEqual([])
  })

  it('re-analyses when the contacts change, not when the same ones are sent again', async () => {
    const space = await workspace(app)
    const dealId = await analysedDeal(space)

    const saved = await patch(space, dealId, {
      contacts: [{ name: 'Bea Buyer', email: 'bea@acme.test', role: 'economic buyer' }],
    })
    const queued = await analysisOf(space, dealId)
    expect(queued.status).toBe('queued')
    await runAnalysis(app, space.admin, dealId, queued.run_id ?? '')

    await patch(space, dealId, {
      contacts: saved.contacts?.map(({ id, name, email, title, role }) => ({
        id,
        name,
        email,
        title,
        role,
      })),
    })
    expect((await analysisOf(space, dealId)).status).toBe('done')
    expect(await triggersOf(dealId)).toEqual(['engagement', 'deal_update'])
  })
})
