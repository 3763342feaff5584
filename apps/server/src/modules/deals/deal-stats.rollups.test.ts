import type {
  ActionCompletionStats,
  ActionProgressCounts,
  ActionStats,
} from '@dealcoach/contracts/deal-stats'
import type { DealAnalysis, EngineActionStatus } from '@dealcoach/contracts/intelligence'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  dealActionProgress,
  dealActionResultDays,
  actionProgressCounts,
  pipelineActionResultDays,
} from '../../db/schema/reports.js'
import { actions, stages } from '../../db/schema/pipelines.js'
import { analysisServiceWith } from '../../test-support/analysis-service.js'
import {
  createDeal,
  uploadTranscript,
  workspace,
  type Workspace,
} from '../../test-support/assessment-fixtures.js'
import { callAs, type SignedIn } from '../../test-support/auth-helpers.js'
import { createPipeline } from '../../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

/**
 * The rollups the stats read (ADR 0010) follow the analysis: a re-analysis moves a deal's
 * counts, a deleted deal or engagement takes its rows along, a moved deal takes them to its new
 * pipeline. Each check reads every path: the whole pipeline, filters that select segments, and
 * filters that select deals.
 */
describe('deal stats rollups', () => {
  let testApp: TestApp
  const app = () => testApp.app
  let ws: Workspace
  let outsider: Workspace
  let playbook: { id: string; name: string }[]
  /** What the scripted engine answers for the first two actions on the next run. */
  let statuses: [EngineActionStatus, EngineActionStatus] = ['Pending', 'In progress']
  let engagementId: string | null = null

  async function get<T>(path: string, session: SignedIn = ws.admin): Promise<T> {
    const response = await callAs(app(), session, 'GET', path)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ data: T }>().data
  }

  const scripted = (): DealAnalysis => ({
    provider: 'scripted',
    action_results: statuses.map((status, index) => ({
      action: playbook[index]?.name ?? '',
      action_id: playbook[index]?.id ?? '',
      summary: 'Scripted',
      status,
      status_description: status,
      results: [],
      engagement_id: engagementId,
    })),
    objections: [],
    solution_fit: { tier: 2, total: 6, scoring: [] },
    confidence: { score: 40, level: 'medium', factors: [] },
    risk_warnings: [],
  })

  /** Runs the deal's analysis job as the worker would, with the scripted engine. */
  async function analyse(dealId: string, runId: string) {
    const service = analysisServiceWith(app(), {
      name: 'scripted',
      analyseDeal: () => Promise.resolve(scripted()),
    })
    await service.run(
      { organisationId: ws.admin.organisationId, dealId, runId },
      { finalAttempt: true },
    )
  }

  async function reanalyse(dealId: string) {
    const rerun = await callAs(app(), ws.admin, 'POST', `/v1/deals/${dealId}/analysis`)
    expect(rerun.statusCode, rerun.body).toBe(202)
    await analyse(dealId, rerun.json<{ run_id: string }>().run_id)
  }

  const countsOf = (stats: ActionStats, actionId: string | undefined) =>
    stats.stages.flatMap((stage) => stage.actions).find((action) => action.action_id === actionId)
      ?.counts

  /**
   * The counts of the first two actions over the whole pipeline (pipeline rollups), its open
   * deals (segment counts), its deals closing this year or later (counts per close date) and
   * those found by a search (per-deal rollups).
   */
  async function adherence(): Promise<ActionProgressCounts[]> {
    const read = (filters: string) =>
      get<ActionStats>(`/v1/deals/action-stats?pipelineId=${ws.pipelineId}${filters}`)
    const pick = (stats: ActionStats) => [0, 1].map((index) => countsOf(stats, playbook[index]?.id))
    const whole = pick(await read(''))
    expect(pick(await read('&statuses=open'))).toEqual(whole)
    expect(pick(await read('&closeDateGte=2026-01-01'))).toEqual(whole)
    expect(pick(await read('&searchQuery=o'))).toEqual(whole)
    return whole.filter((counts) => counts !== undefined)
  }

  /** The results found over all time per action, whole pipeline and filtered alike. */
  async function completion(): Promise<ActionCompletionStats['actions']> {
    const whole = await get<ActionCompletionStats>(
      `/v1/deals/action-completion-stats?pipelineId=${ws.pipelineId}`,
    )
    const open = await get<ActionCompletionStats>(
      `/v1/deals/action-completion-stats?pipelineId=${ws.pipelineId}&statuses=open`,
    )
    expect(open).toEqual(whole)
    return whole.actions
  }

  async function rollupRowsOf(dealId: string): Promise<number> {
    const [progress] = await app()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(dealActionProgress)
      .where(eq(dealActionProgress.dealId, dealId))
    const [days] = await app()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(dealActionResultDays)
      .where(eq(dealActionResultDays.dealId, dealId))
    return (progress?.n ?? 0) + (days?.n ?? 0)
  }

  async function pipelineTotals(pipelineId: string): Promise<{ deals: number; results: number }> {
    const [counts] = await app()
      .db.select({ n: sql<number>`coalesce(sum(${actionProgressCounts.deals}), 0)::int` })
      .from(actionProgressCounts)
      .where(eq(actionProgressCounts.pipelineId, pipelineId))
    const [days] = await app()
      .db.select({ n: sql<number>`coalesce(sum(${pipelineActionResultDays.results}), 0)::int` })
      .from(pipelineActionResultDays)
      .where(eq(pipelineActionResultDays.pipelineId, pipelineId))
    return { deals: counts?.n ?? 0, results: days?.n ?? 0 }
  }

  let dealId: string

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    await app().ready()
    ws = await workspace(app())
    outsider = await workspace(app())
    playbook = await app()
      .db.select({ id: actions.id, name: actions.name })
      .from(actions)
      .where(eq(actions.pipelineId, ws.pipelineId))
      .orderBy(actions.position)
    dealId = await createDeal(app(), ws, 'Rollup rollout')
    const uploaded = await uploadTranscript(app(), ws.admin, dealId)
    engagementId = uploaded.engagement.id
    await analyse(dealId, uploaded.analysis.run_id)
  })

  afterAll(async () => {
    await testApp.close()
  })

  it('counts the analysis’ results, and a re-analysis moves them', async () => {
    expect(await adherence()).toEqual([
      { completed: 0, pending: 1, ongoing: 0, not_done: 0 },
      { completed: 0, pending: 0, ongoing: 1, not_done: 0 },
    ])
    statuses = ['Completed', 'In progress']
    await reanalyse(dealId)
    expect(await adherence()).toEqual([
      { completed: 1, pending: 0, ongoing: 0, not_done: 0 },
      { completed: 0, pending: 0, ongoing: 1, not_done: 0 },
    ])
    // The re-analysis replaced the results: one per action, not one per run.
    expect(await completion()).toEqual([
      { action_id: playbook[0]?.id, name: playbook[0]?.name, completed: 1, total: 1 },
      { action_id: playbook[1]?.id, name: playbook[1]?.name, completed: 0, total: 1 },
    ])
    // Running it again on the same evidence changes nothing.
    await reanalyse(dealId)
    expect(await pipelineTotals(ws.pipelineId)).toEqual({ deals: 2, results: 2 })
  })

  it('shows none of it to another organisation', async () => {
    const theirs = await get<ActionStats>('/v1/deals/action-stats', outsider.admin)
    expect(theirs.total_deals).toBe(0)
    const asked = await get<ActionStats>(
      `/v1/deals/action-stats?pipelineId=${ws.pipelineId}`,
      outsider.admin,
    )
    expect(asked).toEqual({ total_deals: 0, stages: [], cell: null })
    const series = await get<ActionCompletionStats>(
      `/v1/deals/action-completion-stats?pipelineId=${ws.pipelineId}`,
      outsider.admin,
    )
    expect(series.series).toEqual([])
    expect(series.actions).toEqual([])
  })

  it('takes a deleted engagement’s results off the counts', async () => {
    const other = await createDeal(app(), ws, 'Engagement to delete')
    statuses = ['Completed', 'Completed']
    const uploaded = await uploadTranscript(app(), ws.admin, other)
    engagementId = uploaded.engagement.id
    await analyse(other, uploaded.analysis.run_id)
    expect((await adherence())[1]).toEqual({ completed: 1, pending: 0, ongoing: 1, not_done: 0 })
    const removed = await callAs(app(), ws.admin, 'DELETE', `/v1/engagements/${engagementId}`)
    expect(removed.statusCode, removed.body).toBe(204)
    expect((await adherence())[1]).toEqual({ completed: 0, pending: 0, ongoing: 1, not_done: 1 })
    expect(await rollupRowsOf(other)).toBe(0)
    const deleted = await callAs(app(), ws.admin, 'DELETE', `/v1/deals/${other}`)
    expect(deleted.statusCode, deleted.body).toBe(204)
  })

  it('moves a deal’s counts with its stage', async () => {
    const [, second] = await app()
      .db.select({ id: stages.id })
      .from(stages)
      .where(eq(stages.pipelineId, ws.pipelineId))
      .orderBy(stages.position)
    const before = await adherence()
    const moved = await callAs(app(), ws.admin, 'PATCH', `/v1/deals/${dealId}`, {
      stage_id: second?.id,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const inStage = (stageId: string | undefined) =>
      get<ActionStats>(`/v1/deals/action-stats?pipelineId=${ws.pipelineId}&stageIds=${stageId}`)
    const there = await inStage(second?.id)
    expect(countsOf(there, playbook[0]?.id)).toEqual(before[0])
    expect((await inStage(ws.stageId)).total_deals).toBe(0)
    expect(await adherence()).toEqual(before)
  })

  it('moves a deal’s counts with its close date', async () => {
    const before = await adherence()
    const closing = (period: string) =>
      get<ActionStats>(`/v1/deals/action-stats?pipelineId=${ws.pipelineId}&${period}`)
    const patch = (closeDate: string) =>
      callAs(app(), ws.admin, 'PATCH', `/v1/deals/${dealId}`, { close_date: closeDate })
    expect((await patch('2025-06-30')).statusCode).toBe(200)
    const earlier = await closing('close_date.gte=2025-06-01&close_date.lte=2025-06-30')
    expect(countsOf(earlier, playbook[0]?.id)).toEqual(before[0])
    expect((await closing('closeDateGte=2026-01-01')).total_deals).toBe(0)
    expect((await patch('2026-12-31')).statusCode).toBe(200)
    expect(await adherence()).toEqual(before)
  })

  it('takes a moved deal’s rows to its new pipeline, and a deleted deal’s rows away', async () => {
    const target = await createPipeline(app(), ws.admin, { name: 'Renewals', framework: 'meddic' })
    const stageId = target.stages[0]?.stage_id
    const moved = await callAs(app(), ws.admin, 'PATCH', `/v1/deals/${dealId}`, {
      pipeline_id: target.id,
      stage_id: stageId,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await pipelineTotals(ws.pipelineId)).toEqual({ deals: 0, results: 0 })
    expect(await pipelineTotals(target.id)).toEqual({ deals: 2, results: 2 })
    // Its results name the old pipeline's actions, so the new pipeline's playbook shows the
    // deal as not having done its own actions yet — as the deal list's filter would.
    const there = await get<ActionStats>(`/v1/deals/action-stats?pipelineId=${target.id}`)
    expect(there.total_deals).toBe(1)

    const deleted = await callAs(app(), ws.admin, 'DELETE', `/v1/deals/${dealId}`)
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect(await rollupRowsOf(dealId)).toBe(0)
    expect(await pipelineTotals(target.id)).toEqual({ deals: 0, results: 0 })
    // No deals left: no playbook is due, as without the rollups.
    expect(await get<ActionStats>(`/v1/deals/action-stats?pipelineId=${ws.pipelineId}`)).toEqual({
      total_deals: 0,
      stages: [],
      cell: null,
    })
  })
})
