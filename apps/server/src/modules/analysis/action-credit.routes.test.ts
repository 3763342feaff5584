import type { PipelineActivityResponse } from '@dealcoach/contracts/deal-activity'
import { progressOfStatusText } from '@dealcoach/contracts/action-status'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callAs } from '../../test-support/auth-helpers.js'
import {
  createDeal,
  runAnalysis,
  TRANSCRIPT,
  workspace,
  type Workspace,
} from '../../test-support/assessment-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

const CALL = TRANSCRIPT

/** The follow-up call goes over the same ground, so the latest evidence of each action is in it. */
const FOLLOW_UP = `Sam Seller: Good to speak again, Bea.\n${CALL}`

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

/**
 * QA's report: a call's analysis completed the deal's actions, then a second call was added, and
 * the recent activity credited every one of those changes to the second call.
 */
describe('which engagement an action’s status change is credited to', () => {
  let test: TestApp
  let space: Workspace
  let dealId: string

  beforeAll(async () => {
    test = await createTestApp({ RUN_WORKERS: 'false' })
    space = await workspace(test.app)
    dealId = await createDeal(test.app, space)
  })
  afterAll(() => test.close())

  async function addCallAndAnalyse(name: string, text: string, occurredAt: string) {
    const uploaded = await callAs(
      test.app,
      space.admin,
      'POST',
      `/v1/deals/${dealId}/engagements`,
      {
        type: 'transcript',
        name,
        occurred_at: occurredAt,
        text,
        roles: { 'Sam Seller': 'seller', 'Bea Buyer': 'buyer' },
      },
    )
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const { engagement, analysis } = uploaded.json<{
      engagement: { id: string }
      analysis: { run_id: string }
    }>()
    await runAnalysis(test.app, space.admin, dealId, analysis.run_id)
    return engagement.id
  }

  async function actionsByEngagement() {
    const response = await callAs(
      test.app,
      space.admin,
      'GET',
      `/v1/pipelines/${space.pipelineId}/activity`,
    )
    expect(response.statusCode, response.body).toBe(200)
    const [deal] = response.json<PipelineActivityResponse>().models
    return new Map(
      (deal?.activity ?? []).map((entry) => [
        entry.engagement_id,
        new Map(entry.actions.map((action) => [action.action_id, action.status])),
      ]),
    )
  }

  it('leaves a status the next engagement’s analysis kept with the engagement that brought it', async () => {
    const first = await addCallAndAnalyse('Call (VTT)', CALL, minutesAgo(2))
    const afterFirst = (await actionsByEngagement()).get(first) ?? new Map<string, string>()
    expect(afterFirst.size).toBeGreaterThan(0)

    const second = await addCallAndAnalyse('Call (SRT)', FOLLOW_UP, minutesAgo(1))
    const afterSecond = await actionsByEngagement()
    const movedBySecond = afterSecond.get(second) ?? new Map<string, string>()
    // The second call is credited only with the statuses its analysis changed.
    for (const [actionId, status] of movedBySecond) {
      const before = afterFirst.get(actionId)
      if (before !== undefined) {
        expect(progressOfStatusText(status), actionId).not.toBe(progressOfStatusText(before))
      }
    }
    // The first call keeps the ones it brought and the second kept.
    const keptByFirst = afterSecond.get(first) ?? new Map<string, string>()
    for (const [actionId, before] of afterFirst) {
      const now = keptByFirst.get(actionId) ?? movedBySecond.get(actionId)
      expect(now, actionId).toBeDefined()
      if (progressOfStatusText(now ?? '') === progressOfStatusText(before)) {
        expect(keptByFirst.get(actionId), actionId).toBe(now)
      }
    }
  })
})
