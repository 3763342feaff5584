import '@/test-support/dom-polyfills'
import type { PipelineDealActivity } from '@dealcoach/contracts/deal-activity'
import { createRoute } from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setAccessToken } from '@/lib/access-token'
import { fakeAccessToken } from '@/test-support/fake-api/fake-access-token'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  ACTION,
  PIPELINE_ID,
  pipelineFixture,
  STAGE,
} from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { meFixture, ORGANISATION_ID } from '@/test-support/fake-api/fixtures/user-fixtures'
import { initialActivityArea } from '@/test-support/fake-api/routes/activity-routes'
import { renderWithRouter } from '@/test-support/render-with-router'
import { recentWindow } from '../lib/activity-feed'
import { RecentActivity } from './recent-activity'

const ACME = '00000000-0000-4000-8000-0000000000d1'
const GLOBEX = '00000000-0000-4000-8000-0000000000d2'
const CALL = '00000000-0000-4000-8000-0000000000c1'
const MAIL = '00000000-0000-4000-8000-0000000000c2'

/** `days` days before today at `hours` o'clock, local time. */
function daysAgo(days: number, hours: number): string {
  const date = new Date()
  date.setDate(date.getDate() - days)
  date.setHours(hours, 0, 0, 0)
  return date.toISOString()
}

function acme(): PipelineDealActivity {
  return {
    deal_id: ACME,
    deal_name: 'Acme rollout',
    stage_id: STAGE.demo,
    owner: { id: meFixture().id, name: 'Ada Lovelace' },
    latest_activity_at: daysAgo(1, 1),
    prior_statuses: [{ action_id: ACTION.pain, status: 'In progress' }],
    activity: [
      {
        engagement_id: CALL,
        engagement_timestamp: daysAgo(1, 1),
        engagement_type: 'transcript',
        engagement_name: 'Discovery call',
        actions: [
          {
            action: 'Identify the pain',
            action_id: ACTION.pain,
            summary: 'Pain confirmed',
            // The analysis's own words: the feed shows the status's label instead.
            status: 'Done',
            status_description: '',
            results: [],
          },
          {
            action: 'Confirm the budget',
            action_id: ACTION.budget,
            summary: '',
            status: 'Pending',
            status_description: '',
            results: [],
          },
        ],
        objections: [
          {
            objection_id: '00000000-0000-4000-8000-0000000000e1',
            objection_type_id: '00000000-0000-4000-8000-0000000000f1',
            objection_type_name: 'Price',
            quote: 'That is more than we planned.',
            handled: true,
            utterance_index: 4,
          },
        ],
      },
    ],
  }
}

function globex(): PipelineDealActivity {
  return {
    deal_id: GLOBEX,
    deal_name: 'Globex pilot',
    stage_id: STAGE.discovery,
    owner: null,
    latest_activity_at: daysAgo(5, 2),
    prior_statuses: [],
    activity: [
      {
        engagement_id: MAIL,
        engagement_timestamp: daysAgo(5, 2),
        engagement_type: 'email',
        engagement_name: 'Pricing follow-up',
        actions: [],
        objections: [],
      },
    ],
  }
}

function seed(deals: PipelineDealActivity[]) {
  fakeApi.seed({
    pipelines: [pipelineFixture()],
    activity: {
      ...initialActivityArea(),
      byPipeline: { [PIPELINE_ID]: deals },
      stageHistory: {
        [ACME]: [
          {
            timestamp: daysAgo(1, 0),
            from_stage: { stage_id: STAGE.discovery },
            to_stage: { stage_id: STAGE.demo },
          },
        ],
      },
    },
  })
}

function Page() {
  const [ownerId, setOwnerId] = useState<string | undefined>()
  return (
    <RecentActivity
      pipelines={[pipelineFixture()]}
      pipelineId={PIPELINE_ID}
      ownerId={ownerId}
      range={recentWindow()}
      onPipelineChange={() => undefined}
      onOwnerChange={setOwnerId}
    />
  )
}

function renderFeed() {
  return renderWithRouter(<Page />, {
    routes: (root) => [
      createRoute({
        getParentRoute: () => root,
        path: '/deals/$dealId',
        component: () => <p>The deal screen</p>,
      }),
    ],
  })
}

beforeEach(() => {
  setAccessToken(fakeAccessToken({ ...meFixture(), role: 'admin' }, ORGANISATION_ID))
})

afterEach(() => setAccessToken(null))

describe('Recent activity', () => {
  it('shows the activity by day, newest first, with status changes, objections and stage moves', async () => {
    seed([acme(), globex()])
    renderFeed()
    const yesterday = await screen.findByRole('region', { name: /^Yesterday/ })
    const items = within(yesterday)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual([
      expect.stringContaining('Call: Discovery call'),
      // Pain was in progress before the window; the pending budget changed nothing.
      expect.stringContaining('Identify the pain: Ongoing → Completed'),
      expect.stringContaining('Objection raised: Price'),
      expect.stringContaining('Moved from Discovery to Demo'),
    ])
    // The badge beside it says the same word, not the analysis's own ("Done").
    expect(items[1]).toContain('Action status changedCompleted')
    expect(items[1]).not.toContain('Done')
    expect(items[2]).toContain('That is more than we planned.')
    expect(items[2]).toContain('Handled')
    const regions = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'))
    expect(regions).toHaveLength(2)
    const older = screen.getAllByRole('region')[1]
    expect(within(older!).getByRole('link')).toHaveTextContent('E-mail: Pricing follow-up')
    expect(screen.getByText('Activity of 2 of 2 deals')).toBeInTheDocument()
    // The stage history was asked for the page's deals.
    const bulk = fakeApi
      .requests()
      .find((request) => request.path === '/v1/deals/stage-history/bulk-get')
    expect(bulk?.body).toEqual([ACME, GLOBEX])
  })

  it('names a stage removed from the pipeline by the name its history keeps (ADR 0034)', async () => {
    const scoping = '00000000-0000-4000-8000-0000000000b9'
    seed([acme()])
    fakeApi.state.activity.stageHistory[ACME] = [
      {
        timestamp: daysAgo(1, 0),
        from_stage: { stage_id: scoping, name: 'Scoping' },
        to_stage: { stage_id: STAGE.demo, name: 'Demo' },
      },
    ]
    renderFeed()
    const yesterday = await screen.findByRole('region', { name: /^Yesterday/ })
    expect(within(yesterday).getByText(/Moved from/)).toHaveTextContent(
      'Moved from Scoping to Demo',
    )
    expect(within(yesterday).queryByText(/a removed stage/)).toBeNull()
  })

  it('opens the engagement on its deal’s screen, from the keyboard too', async () => {
    seed([acme()])
    const router = renderFeed()
    const call = await screen.findByRole('link', { name: /Call: Discovery call/ })
    call.focus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByText('The deal screen')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/deals/${ACME}`)
    expect(router.state.location.search).toEqual({ tab: 'activity' })
    expect(router.state.location.hash).toBe(`engagement-${CALL}`)
  })

  it('asks for the 30 days back to today and the chosen owner', async () => {
    seed([acme(), globex()])
    renderFeed()
    await screen.findByRole('region', { name: /^Yesterday/ })
    const { startDate, endDate } = recentWindow()
    const activity = fakeApi.requests().find((request) => request.path.endsWith('/activity'))
    expect(activity?.url).toContain(`start_date=${startDate}&end_date=${endDate}`)
    await userEvent.click(screen.getByRole('combobox', { name: 'Owner' }))
    await userEvent.click(await screen.findByRole('option', { name: /Ada Lovelace/ }))
    expect(await screen.findByText('Activity of 1 of 1 deals')).toBeInTheDocument()
    expect(screen.queryByText(/Pricing follow-up/)).not.toBeInTheDocument()
  })

  it('says what to do when there is no activity, and offers every owner when one is chosen', async () => {
    seed([])
    renderFeed()
    expect(await screen.findByText('No activity in the last 30 days')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open the pipeline' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('combobox', { name: 'Owner' }))
    await userEvent.click(await screen.findByRole('option', { name: /Ada Lovelace/ }))
    expect(await screen.findByText(/None of this owner’s deals/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Show every owner' }))
    expect(await screen.findByRole('combobox', { name: 'Owner' })).toHaveTextContent('All owners')
  })

  it('shows the loading shape, then an error with a retry that loads the feed', async () => {
    seed([acme()])
    const held = fakeApi.holdNext('GET /v1/pipelines/:id/activity')
    fakeApi.failNext('GET /v1/pipelines/:id/activity', {
      status: 500,
      code: 'internal',
      message: 'Boom',
    })
    renderFeed()
    expect(await screen.findByTestId('activity-loading')).toBeInTheDocument()
    held.release()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The activity could not be loaded.')
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('region', { name: /^Yesterday/ })).toBeInTheDocument()
  })

  describe('the open deals by last activity (spec §7 activity-health-stats)', () => {
    const counts = (active: number, cooling: number, stale: number) => ({ active, cooling, stale })

    it('shows the pipeline’s open deals by staleness, overall and per stage', async () => {
      seed([acme()])
      fakeApi.seed({
        activity: {
          ...fakeApi.state.activity,
          health: {
            [PIPELINE_ID]: {
              pipeline_id: PIPELINE_ID,
              total: 6,
              overall: counts(3, 2, 1),
              stages: [
                { stage_id: STAGE.discovery, name: 'Discovery', total: 4, counts: counts(2, 1, 1) },
                { stage_id: STAGE.demo, name: 'Demo', total: 2, counts: counts(1, 1, 0) },
                { stage_id: STAGE.proposal, name: 'Proposal', total: 0, counts: counts(0, 0, 0) },
              ],
            },
          },
        },
      })
      renderFeed()
      const health = await screen.findByTestId('activity-health')
      expect(
        within(health).getByRole('heading', { name: 'Open deals by last activity' }),
      ).toBeInTheDocument()
      expect(health).toHaveTextContent(
        'Active: a call or e-mail in the last 7 days. Cooling: 8 to 21 days ago. Stale: longer ago, or never.',
      )
      expect(await within(health).findByText('6 open deals')).toBeInTheDocument()
      expect(within(health).getByText('3 active')).toBeInTheDocument()
      expect(within(health).getByText('2 cooling')).toBeInTheDocument()
      expect(within(health).getByText('1 stale')).toBeInTheDocument()
      const rows = within(health)
        .getAllByRole('row')
        .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent))
      expect(rows).toEqual([
        ['Stage', 'Active', 'Cooling', 'Stale'],
        ['Discovery', '2', '1', '1'],
        ['Demo', '1', '1', '0'],
        ['Proposal', '0', '0', '0'],
      ])
      expect(
        fakeApi
          .requests()
          .some((request) => request.path === `/v1/pipelines/${PIPELINE_ID}/activity-health-stats`),
      ).toBe(true)
    })

    it('counts the chosen owner’s deals only, as the feed beside it does', async () => {
      seed([acme()])
      const stages = (discovery: number, demo: number) => [
        {
          stage_id: STAGE.discovery,
          name: 'Discovery',
          total: discovery,
          counts: counts(discovery, 0, 0),
        },
        { stage_id: STAGE.demo, name: 'Demo', total: demo, counts: counts(0, 0, demo) },
      ]
      fakeApi.seed({
        activity: {
          ...fakeApi.state.activity,
          health: {
            [PIPELINE_ID]: {
              pipeline_id: PIPELINE_ID,
              total: 6,
              overall: counts(4, 0, 2),
              stages: stages(4, 2),
            },
          },
          ownerHealth: {
            [PIPELINE_ID]: {
              [meFixture().id]: {
                pipeline_id: PIPELINE_ID,
                total: 2,
                overall: counts(1, 0, 1),
                stages: stages(1, 1),
              },
            },
          },
        },
      })
      renderFeed()
      const health = await screen.findByTestId('activity-health')
      expect(await within(health).findByText('6 open deals')).toBeInTheDocument()

      await userEvent.click(screen.getByRole('combobox', { name: 'Owner' }))
      await userEvent.click(await screen.findByRole('option', { name: /Ada Lovelace/ }))
      expect(await within(health).findByText('2 open deals')).toBeInTheDocument()
      expect(within(health).getByText('1 active')).toBeInTheDocument()
      const asked = fakeApi
        .requests()
        .filter((request) => request.path === `/v1/pipelines/${PIPELINE_ID}/activity-health-stats`)
      expect(asked.at(-1)?.url).toContain(`owner_id=${meFixture().id}`)

      await userEvent.click(screen.getByRole('combobox', { name: 'Owner' }))
      await userEvent.click(await screen.findByRole('option', { name: 'All owners' }))
      expect(await within(health).findByText('6 open deals')).toBeInTheDocument()
    })

    it('says so when the pipeline has no open deals, and offers a retry when the call fails', async () => {
      seed([])
      fakeApi.failNext('GET /v1/pipelines/:id/activity-health-stats', {
        status: 500,
        code: 'internal',
        message: 'Boom',
      })
      renderFeed()
      const health = await screen.findByTestId('activity-health')
      await userEvent.click(await within(health).findByRole('button', { name: 'Try again' }))
      expect(
        await within(health).findByText('This pipeline has no open deals.'),
      ).toBeInTheDocument()
    })
  })
})
