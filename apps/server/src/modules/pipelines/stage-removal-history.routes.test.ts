import type { DealStageHistory } from '@dealcoach/contracts/deal-activity'
import type { Deal } from '@dealcoach/contracts/deals'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  callAs,
  type HttpMethod,
  signUp,
  type SignedIn,
  uniqueEmail,
} from '../../test-support/auth-helpers.js'
import { createPipeline, stageIdOf } from '../../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

type HistoryEntry = DealStageHistory['history'][number]

/** ADR 0034: a deal's stage history outlives the stages it names, removed or deleted. */
describe('stage history of removed stages', () => {
  let testApp: TestApp
  const app = () => testApp.app
  let admin: SignedIn
  let created = 0

  const call = async <T>(method: HttpMethod, url: string, body?: unknown) => {
    const response = await callAs(app(), admin, method, url, body)
    expect(response.statusCode, response.body).toBeLessThan(300)
    return response.statusCode === 204 ? (undefined as T) : response.json<T>()
  }
  const fresh = () =>
    createPipeline(app(), admin, { name: `MEDDIC ${++created}`, framework: 'meddic' })
  const createDeal = (pipeline: Pipeline, stage: string) =>
    call<Deal>('POST', '/v1/deals', {
      pipeline_id: pipeline.id,
      stage_id: stageIdOf(pipeline, stage),
      name: `Deal ${++created}`,
    })
  const moveDeal = (dealId: string, pipeline: Pipeline, stage: string) =>
    call<Deal>('PATCH', `/v1/deals/${dealId}`, {
      pipeline_id: pipeline.id,
      stage_id: stageIdOf(pipeline, stage),
    })
  const putStages = (pipeline: Pipeline, body: unknown) =>
    call<Pipeline>('PUT', `/v1/pipelines/${pipeline.id}/stages`, body)
  const without = (pipeline: Pipeline, ...names: string[]) =>
    pipeline.stages
      .filter((stage) => !names.includes(stage.name))
      .map(({ stage_id, name }) => ({ stage_id, name }))
  /** The deal's history as the API answers it: the names each entry shows, oldest first. */
  const historyOf = async (dealId: string, pipelineId: string) => {
    const { models } = await call<{ models: DealStageHistory[] }>(
      'POST',
      `/v1/deals/stage-history/bulk-get?pipeline_id=${pipelineId}`,
      [dealId],
    )
    return models[0]?.history ?? []
  }
  const names = (history: HistoryEntry[]) =>
    history.map((entry) => [entry.from_stage?.name ?? null, entry.to_stage.name])

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    admin = await signUp(app(), { email: uniqueEmail('ada', 'history.example') })
  })
  afterAll(() => testApp.close())

  it('names each stage of the history, by its current name', async () => {
    const pipeline = await fresh()
    const deal = await createDeal(pipeline, 'Qualification')
    await moveDeal(deal.id, pipeline, 'Metrics and economic buyer')
    await putStages(
      pipeline,
      pipeline.stages.map(({ stage_id, name }) => ({
        stage_id,
        name: name === 'Qualification' ? 'Qualified' : name,
      })),
    )

    const history = await historyOf(deal.id, pipeline.id)
    expect(history).toEqual([
      {
        timestamp: expect.any(String) as string,
        from_stage: null,
        to_stage: { stage_id: stageIdOf(pipeline, 'Qualification'), name: 'Qualified' },
      },
      {
        timestamp: expect.any(String) as string,
        from_stage: { stage_id: stageIdOf(pipeline, 'Qualification'), name: 'Qualified' },
        to_stage: {
          stage_id: stageIdOf(pipeline, 'Metrics and economic buyer'),
          name: 'Metrics and economic buyer',
        },
      },
    ])
  })

  it('keeps the entries of a stage the deal has left, with its id and name, once it is removed', async () => {
    const pipeline = await fresh()
    const deal = await createDeal(pipeline, 'Qualification')
    await moveDeal(deal.id, pipeline, 'Decision criteria')
    await moveDeal(deal.id, pipeline, 'Decision process')
    const before = await historyOf(deal.id, pipeline.id)

    // Neither removed stage holds a deal any more, so no move is needed.
    const updated = await putStages(
      pipeline,
      without(pipeline, 'Qualification', 'Decision criteria'),
    )
    expect(updated.stages.map((stage) => stage.name)).not.toContain('Decision criteria')

    const after = await historyOf(deal.id, pipeline.id)
    expect(after).toEqual(before)
    expect(names(after)).toEqual([
      [null, 'Qualification'],
      ['Qualification', 'Decision criteria'],
      ['Decision criteria', 'Decision process'],
    ])
    // The deal itself stays where it is, in the list and on the board.
    const listed = await call<{ data: Deal[] }>('GET', `/v1/deals?pipelineId=${pipeline.id}`)
    expect(listed.data.map((row) => [row.id, row.stage_id])).toEqual([
      [deal.id, stageIdOf(pipeline, 'Decision process')],
    ])
  })

  it('records the move of deals merged out of a removed stage, and rewrites none of their history', async () => {
    const pipeline = await fresh()
    const deal = await createDeal(pipeline, 'Qualification')
    await moveDeal(deal.id, pipeline, 'Decision criteria')
    const before = await historyOf(deal.id, pipeline.id)
    const criteria = stageIdOf(pipeline, 'Decision criteria')
    const metrics = stageIdOf(pipeline, 'Metrics and economic buyer')

    await putStages(pipeline, {
      stages: without(pipeline, 'Decision criteria'),
      move_deals_to: { [criteria]: metrics },
    })

    const after = await historyOf(deal.id, pipeline.id)
    expect(after.slice(0, before.length)).toEqual(before)
    expect(after.slice(before.length)).toEqual([
      {
        timestamp: expect.any(String) as string,
        from_stage: { stage_id: criteria, name: 'Decision criteria' },
        to_stage: { stage_id: metrics, name: 'Metrics and economic buyer' },
      },
    ])
    const moved = await call<Deal>('GET', `/v1/deals/${deal.id}`)
    expect(moved.stage_id).toBe(metrics)
  })

  it('keeps the stages of a deleted pipeline in the history of a deal moved out of it', async () => {
    const old = await fresh()
    const next = await fresh()
    const deal = await createDeal(old, 'Qualification')
    await moveDeal(deal.id, next, 'Decision process')

    await call('DELETE', `/v1/pipelines/${old.id}`)

    expect(names(await historyOf(deal.id, next.id))).toEqual([
      [null, 'Qualification'],
      ['Qualification', 'Decision process'],
    ])
  })
})
