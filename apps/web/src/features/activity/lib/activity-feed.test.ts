import type {
  ActivityObjection,
  DealStageHistory,
  PipelineDealActivity,
  PipelineEngagementActivity,
} from '@dealcoach/contracts/deal-activity'
import { describe, expect, it } from 'vitest'
import { day } from '@/lib/dates/test-days'
import { ACTION, STAGE } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { activityFeed, recentWindow, statusChanges } from './activity-feed'

const DEAL = '00000000-0000-4000-8000-0000000000d1'
const OTHER_DEAL = '00000000-0000-4000-8000-0000000000d2'
const range = { startDate: '2026-03-01', endDate: '2026-03-31' }
const at = (iso: string, hours: number) => day(iso, hours).toISOString()

function engagement(
  id: string,
  when: string,
  statuses: Partial<Record<keyof typeof ACTION, string>> = {},
  objections: ActivityObjection[] = [],
): PipelineEngagementActivity {
  return {
    engagement_id: `00000000-0000-4000-8000-${id.padStart(12, '0')}`,
    engagement_timestamp: when,
    engagement_type: 'transcript',
    engagement_name: `Call ${id}`,
    actions: Object.entries(statuses).map(([key, status]) => ({
      action: key,
      action_id: ACTION[key as keyof typeof ACTION],
      summary: '',
      status: status ?? '',
      status_description: '',
      results: [],
    })),
    objections,
  }
}

function deal(
  activity: PipelineEngagementActivity[],
  overrides: Partial<PipelineDealActivity> = {},
): PipelineDealActivity {
  return {
    deal_id: DEAL,
    deal_name: 'Acme rollout',
    stage_id: STAGE.demo,
    owner: null,
    latest_activity_at: activity.at(-1)?.engagement_timestamp ?? '',
    prior_statuses: [],
    activity,
    ...overrides,
  }
}

describe('statusChanges', () => {
  it('reports an action whose status means something else than in its previous engagement', () => {
    const changes = statusChanges(
      deal(
        [
          engagement('1', at('2026-03-02', 10), { pain: 'In progress', budget: 'Waiting' }),
          // "Ongoing" reads as "In progress" did: no change. Budget is not reported here.
          engagement('2', at('2026-03-05', 10), { pain: 'Ongoing' }),
          engagement('3', at('2026-03-09', 10), { pain: 'Done', budget: 'Pending review' }),
        ],
        { prior_statuses: [{ action_id: ACTION.pain, status: 'Not started, new' }] },
      ),
    )
    expect(changes.map(({ action, from, to }) => ({ action, from, to }))).toEqual([
      // From the status before the window (pending) to ongoing.
      { action: 'pain', from: 'pending', to: 'ongoing' },
      // Compared with the last engagement that reported it (the first), not the one before.
      { action: 'pain', from: 'ongoing', to: 'completed' },
    ])
  })

  it('counts an action’s first report as a change unless it is pending', () => {
    const changes = statusChanges(
      deal([engagement('1', at('2026-03-02', 10), { pain: 'Completed', budget: 'Pending' })]),
    )
    expect(changes.map((change) => [change.action, change.from, change.to])).toEqual([
      ['pain', 'pending', 'completed'],
    ])
  })
})

describe('activityFeed', () => {
  const objection: ActivityObjection = {
    objection_id: '00000000-0000-4000-8000-0000000000e1',
    objection_type_id: '00000000-0000-4000-8000-0000000000f1',
    objection_type_name: 'Price',
    quote: 'That is too expensive.',
    handled: false,
    utterance_index: 3,
  }
  const history: DealStageHistory = {
    deal_id: DEAL,
    history: [
      // The stage the deal started in, and a move before the window: neither shows.
      { timestamp: at('2026-01-05', 9), from_stage: null, to_stage: { stage_id: STAGE.discovery } },
      {
        timestamp: at('2026-02-20', 9),
        from_stage: { stage_id: STAGE.discovery },
        to_stage: { stage_id: STAGE.demo },
      },
      {
        timestamp: at('2026-03-09', 15),
        from_stage: { stage_id: STAGE.demo },
        to_stage: { stage_id: STAGE.proposal },
      },
    ],
  }

  it('groups by day, newest day and newest item first, an engagement’s items after it', () => {
    const days = activityFeed(
      [
        deal([
          engagement('1', at('2026-03-02', 10)),
          engagement('3', at('2026-03-09', 10), { pain: 'Done' }, [objection]),
        ]),
        deal([engagement('2', at('2026-03-09', 12))], {
          deal_id: OTHER_DEAL,
          deal_name: 'Globex pilot',
        }),
      ],
      [history],
      range,
    )
    expect(days.map((group) => group.day)).toEqual(['2026-03-09', '2026-03-02'])
    expect(days[0]?.items.map((item) => [item.kind, item.dealName])).toEqual([
      ['stage', 'Acme rollout'],
      ['engagement', 'Globex pilot'],
      ['engagement', 'Acme rollout'],
      ['status', 'Acme rollout'],
      ['objection', 'Acme rollout'],
    ])
    expect(days[0]?.items[0]).toMatchObject({
      kind: 'stage',
      from: { stage_id: STAGE.demo },
      to: { stage_id: STAGE.proposal },
    })
    expect(days[0]?.items[4]).toMatchObject({
      kind: 'objection',
      objectionType: 'Price',
      quote: 'That is too expensive.',
      handled: false,
    })
    expect(days[1]?.items.map((item) => item.kind)).toEqual(['engagement'])
  })

  it('is empty without activity', () => {
    expect(activityFeed([], [], range)).toEqual([])
  })
})

describe('recentWindow', () => {
  it('covers the 30 days back to today', () => {
    expect(recentWindow(day('2026-03-31', 15))).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    })
  })
})
