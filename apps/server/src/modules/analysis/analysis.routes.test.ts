import type { AnalysisProgress, DealAnalysisBody } from '@dealcoach/contracts/analysis'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analysisServiceWith } from '../../test-support/analysis-service.js'
import {
  analyseTranscript,
  createDeal,
  runAnalysis,
  uploadTranscript,
  workspace,
} from '../../test-support/assessment-fixtures.js'
import { callAs, inviteMember, signUp, type SignedIn } from '../../test-support/auth-helpers.js'
import { createPipeline } from '../../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { dealAssessments } from '../../db/schema/analysis.js'

async function analysisOf(app: FastifyInstance, session: SignedIn, dealId: string) {
  const response = await callAs(app, session, 'GET', `/v1/deals/${dealId}/analysis`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<DealAnalysisBody>()
}

const IDLE = { pending: 0, done: 0, failed: 0, total: 0, reason: null }

async function progressOf(app: FastifyInstance, session: SignedIn) {
  const response = await callAs(app, session, 'GET', '/v1/analysis/progress')
  expect(response.statusCode, response.body).toBe(200)
  return response.json<AnalysisProgress>()
}

async function assessmentCount(app: FastifyInstance, dealId: string): Promise<number> {
  const rows = await app.db
    .select({ id: dealAssessments.id })
    .from(dealAssessments)
    .where(eq(dealAssessments.dealId, dealId))
  return rows.length
}

/** The stored results without what differs from run to run (ids, timestamps). */
function comparable(analysis: DealAnalysisBody) {
  return {
    action_results: analysis.action_results,
    objections: analysis.objections.map(({ id: _id, ...objection }) => objection),
    solution_fit: analysis.solution_fit,
    confidence: analysis.confidence,
    risks: analysis.risks,
  }
}

describe('deal analysis', () => {
  let testApp: TestApp
  let app: FastifyInstance

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    app = testApp.app
    await app.ready()
  })
  afterAll(() => testApp.close())

  it('answers status none for a deal that was never analysed', async () => {
    const space = await workspace(app)
    const dealId = await createDeal(app, space)
    const analysis = await analysisOf(app, space.admin, dealId)
    expect(analysis).toEqual({
      deal_id: dealId,
      status: 'none',
      run_id: null,
      analysed_at: null,
      engine_version: null,
      error: null,
      action_results: [],
      objections: [],
      solution_fit: null,
      confidence: null,
      risks: [],
    })
  })

  it('analyses an uploaded transcript and stores the same results when run again', async () => {
    const space = await workspace(app)
    const dealId = await createDeal(app, space)
    const { engagement, analysis: queued } = await uploadTranscript(app, space.admin, dealId)
    expect((await analysisOf(app, space.admin, dealId)).status).toBe('queued')

    await runAnalysis(app, space.admin, dealId, queued.run_id)
    const first = await analysisOf(app, space.admin, dealId)
    expect(first.status).toBe('done')
    expect(first.run_id).toBe(queued.run_id)
    expect(first.engine_version).toMatch(/^\d+\.\d+\.\d+/)
    expect(first.analysed_at).not.toBeNull()
    expect(first.action_results.length).toBeGreaterThan(0)
    for (const result of first.action_results) {
      expect(result.action).not.toBe('')
      expect(['Completed', 'Pending', 'In progress']).toContain(result.status)
    }
    expect(first.objections.length).toBeGreaterThan(0)
    const [objection] = first.objections
    expect(objection).toMatchObject({
      engagement_id: engagement.id,
      speaker: 'Bea Buyer',
      occurred_at: '2026-11-02T10:00:00.000Z',
    })
    expect(objection?.type_name).not.toBe('')
    expect(typeof objection?.utterance_index).toBe('number')
    expect(first.solution_fit?.tier).toBeGreaterThanOrEqual(1)
    expect(first.solution_fit?.scoring).toHaveLength(4)
    expect(first.confidence?.score).toBeGreaterThanOrEqual(0)

    const rerun = await callAs(app, space.admin, 'POST', `/v1/deals/${dealId}/analysis`)
    expect(rerun.statusCode, rerun.body).toBe(202)
    const { run_id: rerunId } = rerun.json<{ run_id: string; status: string }>()
    expect(rerunId).not.toBe(queued.run_id)
    // The earlier results stay visible while the new run waits.
    const waiting = await analysisOf(app, space.admin, dealId)
    expect(waiting.status).toBe('queued')
    expect(comparable(waiting)).toEqual(comparable(first))

    await runAnalysis(app, space.admin, dealId, rerunId)
    const second = await analysisOf(app, space.admin, dealId)
    expect(second.status).toBe('done')
    expect(comparable(second)).toEqual(comparable(first))
    // The assessments' history (DESIGN §4) grows only when the assessment changes.
    expect(await assessmentCount(app, dealId)).toBe(1)
  })

  it('stores a fit the engine could not assess (no scoring) without a tier', async () => {
    const space = await workspace(app)
    const dealId = await createDeal(app, space)
    const { analysis } = await uploadTranscript(app, space.admin, dealId)
    const unassessed = analysisServiceWith(app, {
      name: 'stub',
      analyseDeal: () =>
        Promise.resolve({
          provider: 'stub',
          action_results: [],
          objections: [],
          solution_fit: { tier: 4, total: 0, scoring: [] },
          confidence: { score: 40, level: 'medium', factors: [] },
          risk_warnings: [],
        }),
    })
    const job = { organisationId: space.admin.organisationId, dealId, runId: analysis.run_id }
    await unassessed.run(job, { finalAttempt: true })
    expect(await analysisOf(app, space.admin, dealId)).toMatchObject({
      status: 'done',
      solution_fit: null,
      confidence: { score: 40 },
    })
    const [row] = await app.db
      .select({ tier: dealAssessments.solutionFitTier })
      .from(dealAssessments)
      .where(eq(dealAssessments.dealId, dealId))
    expect(row?.tier).toBeNull()
    const listed = await callAs(app, space.admin, 'GET', `/v1/deals?includes=assessment`)
    expect(listed.statusCode, listed.body).toBe(200)
    const deal = listed
      .json<{ data: { id: string; assessment: unknown }[] }>()
      .data.find((d) => d.id === dealId)
    expect(deal?.assessment).toMatchObject({ confidence: 40, solution_fit_tier: null })
  })

  it('shares one queued run between requests made before it starts', async () => {
    const space = await workspace(app)
    const dealId = await createDeal(app, space)
    const { analysis } = await uploadTranscript(app, space.admin, dealId)
    const again = await callAs(app, space.admin, 'POST', `/v1/deals/${dealId}/analysis`)
    expect(again.json<{ run_id: string }>().run_id).toBe(analysis.run_id)
  })

  it('records a failing provider on the run, and a re-run by the member who owns the deal succeeds', async () => {
    const space = await workspace(app)
    const member = await inviteMember(app, space.admin)
    const dealId = await createDeal(app, space)
    const { analysis } = await uploadTranscript(app, space.admin, dealId)
    const failing = analysisServiceWith(app, {
      name: 'broken',
      analyseDeal: () => Promise.reject(new Error('engine down')),
    })
    const job = { organisationId: space.admin.organisationId, dealId, runId: analysis.run_id }

    await expect(failing.run(job, { finalAttempt: false })).rejects.toThrow('engine down')
    // Between pg-boss's retries the run waits again, with the last error shown.
    expect(await analysisOf(app, space.admin, dealId)).toMatchObject({
      status: 'queued',
      error: 'engine down',
    })
    await expect(failing.run(job, { finalAttempt: true })).rejects.toThrow('engine down')
    expect(await analysisOf(app, space.admin, dealId)).toMatchObject({
      status: 'failed',
      error: 'engine down',
      solution_fit: null,
    })

    // Re-running is a change to the deal: a member makes it to the deals they own.
    const notTheirs = await callAs(app, member, 'POST', `/v1/deals/${dealId}/analysis`)
    expect(notTheirs.statusCode, notTheirs.body).toBe(403)
    expect(notTheirs.json()).toMatchObject({ error: { code: 'not_deal_owner' } })
    const handedOver = await callAs(app, space.admin, 'PATCH', `/v1/deals/${dealId}`, {
      owner_id: member.userId,
    })
    expect(handedOver.statusCode, handedOver.body).toBe(200)
    const rerun = await callAs(app, member, 'POST', `/v1/deals/${dealId}/analysis`)
    expect(rerun.statusCode, rerun.body).toBe(202)
    await runAnalysis(app, space.admin, dealId, rerun.json<{ run_id: string }>().run_id)
    expect(await analysisOf(app, member, dealId)).toMatchObject({ status: 'done', error: null })
  })

  it('re-analyses the affected deals after an objection type changes, with progress', async () => {
    const space = await workspace(app)

    const analysed = await createDeal(app, space)
    await analyseTranscript(app, space.admin, analysed)
    await createDeal(app, space) // no evidence, so not affected

    const created = await callAs(app, space.admin, 'POST', '/v1/objections/types', {
      id: crypto.randomUUID(),
      name: 'Security review',
      description: 'Security or compliance concerns',
      examples: ['We need a security review first'],
      active: true,
    })
    expect(created.statusCode, created.body).toBe(201)

    expect(await progressOf(app, space.admin)).toEqual({
      pending: 1,
      done: 0,
      failed: 0,
      total: 1,
      reason: 'backfill',
    })

    const pending = await analysisOf(app, space.admin, analysed)
    expect(pending.status).toBe('queued')
    await runAnalysis(app, space.admin, analysed, pending.run_id ?? '')
    expect((await analysisOf(app, space.admin, analysed)).status).toBe('done')
    expect(await progressOf(app, space.admin)).toEqual(IDLE)
  })

  it('re-analyses only the changed pipeline’s deals when its actions change', async () => {
    const space = await workspace(app)
    const inPipeline = await createDeal(app, space)
    await analyseTranscript(app, space.admin, inPipeline)
    const other = await createPipeline(app, space.admin, { name: 'Renewals', framework: 'meddic' })
    const [otherStage] = other.stages
    if (!otherStage) throw new Error('the framework pipeline has no stage')
    const elsewhere = await createDeal(app, {
      ...space,
      pipelineId: other.id,
      stageId: otherStage.stage_id,
    })
    await analyseTranscript(app, space.admin, elsewhere)

    const changed = await callAs(
      app,
      space.admin,
      'PUT',
      `/v1/pipelines/${space.pipelineId}/actions`,
      [{ stage_id: space.stageId, name: 'Agree a mutual action plan', description: '' }],
    )
    expect(changed.statusCode, changed.body).toBe(200)
    expect(await progressOf(app, space.admin)).toMatchObject({ reason: 'backfill', total: 1 })
    expect((await analysisOf(app, space.admin, inPipeline)).status).toBe('queued')
    expect((await analysisOf(app, space.admin, elsewhere)).status).toBe('done')
  })

  it('re-analyses the analysed deals when the product profile is saved', async () => {
    const space = await workspace(app)
    const dealId = await createDeal(app, space)
    await analyseTranscript(app, space.admin, dealId)
    const saved = await callAs(app, space.admin, 'PUT', '/v1/organisation/product', {
      name: 'Reportly',
      description: 'Automated reporting for finance teams',
      value_propositions: ['Saves hours of manual reporting'],
      differentiators: [],
      ideal_customer_profile: 'Mid-size finance teams',
      competitors: [],
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(await progressOf(app, space.admin)).toMatchObject({
      reason: 'backfill',
      total: 1,
      done: 0,
    })
  })

  it('reports the organisation’s background analyses as one wave, to members too', async () => {
    const space = await workspace(app)
    const member = await inviteMember(app, space.admin)
    const stranger = await signUp(app)
    const progress = (session: SignedIn) => progressOf(app, session)
    expect(await progress(space.admin)).toEqual(IDLE)

    const queued: { dealId: string; runId: string }[] = []
    for (let i = 0; i < 3; i += 1) {
      const dealId = await createDeal(app, space)
      const { analysis } = await uploadTranscript(app, space.admin, dealId)
      queued.push({ dealId, runId: analysis.run_id })
    }
    const [first, ...rest] = queued
    if (!first) throw new Error('no run was queued')
    await runAnalysis(app, space.admin, first.dealId, first.runId)

    const wave = { pending: 2, done: 1, failed: 0, total: 3, reason: 'engagement' }
    expect(await progress(space.admin)).toEqual(wave)
    expect(await progress(member)).toEqual(wave)
    expect(await progress(stranger)).toEqual(IDLE)

    for (const run of rest) await runAnalysis(app, space.admin, run.dealId, run.runId)
    expect(await progress(space.admin)).toEqual(IDLE)
  })

  it('does not show or re-run another organisation’s deal', async () => {
    const space = await workspace(app)
    const dealId = await createDeal(app, space)
    const stranger = await signUp(app)
    const read = await callAs(app, stranger, 'GET', `/v1/deals/${dealId}/analysis`)
    expect(read.statusCode).toBe(404)
    const rerun = await callAs(app, stranger, 'POST', `/v1/deals/${dealId}/analysis`)
    expect(rerun.statusCode).toBe(404)
  })
})

describe('deal analysis through the pg-boss worker', () => {
  let testApp: TestApp

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'true' })
    await testApp.app.ready()
  })
  afterAll(() => testApp.close())

  it('analyses an upload in the background', async () => {
    const { app } = testApp
    const space = await workspace(app)
    const dealId = await createDeal(app, space)
    await uploadTranscript(app, space.admin, dealId)
    const again = await callAs(app, space.admin, 'POST', `/v1/deals/${dealId}/analysis`)
    expect(again.statusCode).toBe(202)
    const deadline = Date.now() + 15_000
    let body = await analysisOf(app, space.admin, dealId)
    while ((body.status === 'queued' || body.status === 'running') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      body = await analysisOf(app, space.admin, dealId)
    }
    expect(body.status).toBe('done')
    expect(body.objections.length).toBeGreaterThan(0)
  })
})
