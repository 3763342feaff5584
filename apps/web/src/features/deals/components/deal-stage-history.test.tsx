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

describe('DealStageHistory', () => {
  it('lists where the deal started and each move, by stage name', async () => {
    fakeApi.state.activity.byPipeline[PIPELINE_ID] = [
      { deal_id: DEAL_ID } as (typeof fakeApi.state.activity.byPipeline)[string][number],
    ]
    fakeApi.state.activity.stageHistory[DEAL_ID] = [
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
    ]
    renderWithQuery(<DealStageHistory deal={{ id: DEAL_ID, pipeline_id: PIPELINE_ID }} />)
    const history = await screen.findByRole('list', { name: 'Stage history' })
    const items = within(history).getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual([
      'Started in Discovery',
      'Discovery → Demo',
    ])
    expect(fakeApi.requests().at(-1)).toMatchObject({
      method: 'POST',
      url: `/v1/deals/stage-history/bulk-get?pipeline_id=${PIPELINE_ID}`,
      body: [DEAL_ID],
    })
  })
})
