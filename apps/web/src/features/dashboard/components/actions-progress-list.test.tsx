import '@/test-support/dom-polyfills'
import type { PipelineDealActivity } from '@dealcoach/contracts/deal-activity'
import { screen } from '@testing-library/react'
import { getI18n } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setAccessToken } from '@/lib/access-token'
import { isolate } from '@/lib/bidi'
import { signInAs } from '@/test-support/deals-area-setup'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { dealFixture } from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import {
  ACTION,
  PIPELINE_ID,
  pipelineFixture,
  STAGE,
} from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { renderWithRouter } from '@/test-support/render-with-router'
import { switchLanguage } from '@/test-support/switch-language'
import { ActionsProgressList } from './actions-progress-list'

const FILTERS = {
  pipelineId: PIPELINE_ID,
  stageIds: [],
  ownerId: null,
  statuses: [],
  searchQuery: '',
  startDate: null,
  endDate: null,
}

type ActivityAction = PipelineDealActivity['activity'][number]['actions'][number]

function seedActivity(actions: ActivityAction[]) {
  const at = new Date(Date.now() - 86_400_000).toISOString()
  fakeApi.seed({ pipelines: [pipelineFixture()] })
  fakeApi.state.activity.byPipeline[PIPELINE_ID] = [
    {
      deal_id: dealFixture().id,
      deal_name: 'Acme rollout',
      stage_id: STAGE.discovery,
      owner: null,
      latest_activity_at: at,
      prior_statuses: [],
      activity: [
        {
          engagement_timestamp: at,
          engagement_id: '00000000-0000-4000-8000-0000000000e1',
          engagement_type: 'transcript',
          engagement_name: 'Discovery call',
          objections: [],
          actions,
        },
      ],
    },
  ]
}

const FIND_THE_PAIN = {
  action: 'Find the pain',
  action_id: ACTION.pain,
  status: 'Completed',
  results: [{ type: 'transcript' as const, result: 'We lose two days.' }],
}

describe('ActionsProgressList: what the analysis says about each action', () => {
  beforeEach(() => signInAs('admin'))
  afterEach(async () => {
    setAccessToken(null)
    await getI18n().changeLanguage('en')
  })

  it('says an action’s summary in German from its code, and keeps the English of one without', async () => {
    seedActivity([
      {
        ...FIND_THE_PAIN,
        summary: '2 sentences about "Find the pain"; strongest: "We lose two days."',
        summary_code: 'sentences_about',
        summary_params: { count: 2, action: 'Find the pain', quote: 'We lose two days.' },
        status_description: 'Completed: confirmed in 2 sentences on 1 call.',
      },
      {
        ...FIND_THE_PAIN,
        action: 'Confirm budget',
        action_id: ACTION.budget,
        summary: '',
        status_description: 'Budget confirmed on the call.',
      },
    ])
    await switchLanguage('de')
    renderWithRouter(<ActionsProgressList filters={FILTERS} pipeline={pipelineFixture()} />)
    const summary = await screen.findByText(
      `2 Sätze zu „${isolate('Find the pain')}“; am deutlichsten: „${isolate('We lose two days.')}“`,
    )
    expect(summary).not.toHaveAttribute('dir')
    // Stored before the codes, with no summary: its status description, in English.
    expect(screen.getByText('Budget confirmed on the call.')).toHaveAttribute('dir', 'auto')
  })

  it('names a stage removed from the pipeline as the deal’s stage history does (ADR 0034)', async () => {
    const scoping = '00000000-0000-4000-8000-0000000000b9'
    seedActivity([{ ...FIND_THE_PAIN, summary: 'Pain found.', status_description: '' }])
    fakeApi.state.activity.stageHistory[dealFixture().id] = [
      {
        timestamp: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        from_stage: { stage_id: scoping, name: 'Scoping' },
        to_stage: { stage_id: STAGE.discovery, name: 'Discovery' },
      },
    ]
    renderWithRouter(<ActionsProgressList filters={FILTERS} pipeline={pipelineFixture()} />)
    expect(
      await screen.findByText(`Stage: ${isolate('Scoping')} → ${isolate('Discovery')}`),
    ).toBeInTheDocument()
    expect(screen.queryByText(new RegExp(scoping))).toBeNull()
  })
})
