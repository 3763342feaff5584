import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setAccessToken } from '@/lib/access-token'
import { seedDealsArea, signInAs } from '@/test-support/deals-area-setup'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { DEAL_ID } from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import { PIPELINE_ID, STAGE } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { renderWithQuery } from '@/test-support/render-with-query'
import { DealStageHistory } from './deal-stage-history'

beforeEach(() => {
  seedDealsArea()
  signInAs('admin')
})

afterEach(() => setAccessToken(null))

type HistoryEntry = (typeof fakeApi.state.activity.stageHistory)[string][number]

/** The history as the deal shows it: each entry's text, oldest first. */
async function shownHistory(history: HistoryEntry[]) {
  fakeApi.state.activity.byPipeline[PIPELINE_ID] = [
    { deal_id: DEAL_ID } as (typeof fakeApi.state.activity.byPipeline)[string][number],
  ]
  fakeApi.state.activity.stageHistory[DEAL_ID] = history
  renderWithQuery(<DealStageHistory deal={{ id: DEAL_ID, pipeline_id: PIPELINE_ID }} />)
  const list = await screen.findByRole('list', { name: 'Stage history' })
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('span')?.textContent)
}

describe('DealStageHistory', () => {
  it('lists where the deal started and each move, by stage name', async () => {
    const shown = await shownHistory([
      {
        timestamp: '2026-01-02T09:00:00.000Z',
        from_stage: null,
        to_stage: { stage_id: STAGE.discovery },
      },
      {
        timestamp: '2026-02-03T10:00:00.000Z',
        from_stage: { stage_id: STAGE.discovery },
        to_stage: { stage_id: STAGE.demo },
      },
    ])
    expect(shown).toEqual(['Started in Discovery', 'Discovery → Demo'])
    expect(fakeApi.requests().at(-1)).toMatchObject({
      method: 'POST',
      url: `/v1/deals/stage-history/bulk-get?pipeline_id=${PIPELINE_ID}`,
      body: [DEAL_ID],
    })
  })

  it('names a stage since removed from the pipeline as the history gives it', async () => {
    const removed = '00000000-0000-4000-8000-0000000000ff'
    const shown = await shownHistory([
      {
        timestamp: '2026-01-02T09:00:00.000Z',
        from_stage: null,
        to_stage: { stage_id: removed, name: 'Scoping' },
      },
      {
        timestamp: '2026-02-03T10:00:00.000Z',
        from_stage: { stage_id: removed, name: 'Scoping' },
        to_stage: { stage_id: STAGE.demo, name: 'Demo' },
      },
      {
        timestamp: '2026-02-04T10:00:00.000Z',
        from_stage: { stage_id: STAGE.demo },
        to_stage: { stage_id: '00000000-0000-4000-8000-0000000000fe' },
      },
    ])
    expect(shown).toEqual([
      'Started in Scoping',
      'Scoping → Demo',
      // A server that names no stage: the pipeline's, else a removed one.
      'Demo → A removed stage',
    ])
  })
})
