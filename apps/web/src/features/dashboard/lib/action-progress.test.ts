import type { DealStageHistory } from '@dealcoach/contracts/deal-activity'
import { describe, expect, it, vi } from 'vitest'
import { type ActivityModel, deriveActionProgress, stageAt, UNKNOWN_OWNER } from './action-progress'

const DEAL = '00000000-0000-4000-8000-0000000000d1'
const OTHER = '00000000-0000-4000-8000-0000000000d2'
const ACTION = '00000000-0000-4000-8000-0000000000a1'
const BUDGET = '00000000-0000-4000-8000-0000000000a2'
const STAGE = {
  discovery: '00000000-0000-4000-8000-00000000000a',
  demo: '00000000-0000-4000-8000-00000000000b',
  proposal: '00000000-0000-4000-8000-00000000000c',
}
const NAMES: Record<string, string> = {
  [STAGE.discovery]: 'Discovery',
  [STAGE.demo]: 'Demo',
  [STAGE.proposal]: 'Proposal',
}
const stageName = (id: string) => NAMES[id]

const history: DealStageHistory['history'] = [
  // Out of order on purpose: the history is read by time, not by position.
  {
    timestamp: '2026-02-01T00:00:00Z',
    from_stage: { stage_id: STAGE.demo },
    to_stage: { stage_id: STAGE.proposal },
  },
  { timestamp: '2026-01-01T00:00:00Z', from_stage: null, to_stage: { stage_id: STAGE.discovery } },
  {
    timestamp: '2026-01-15T00:00:00Z',
    from_stage: { stage_id: STAGE.discovery },
    to_stage: { stage_id: STAGE.demo },
  },
]

function engagement(at: string, actions: ReturnType<typeof action>[]) {
  return {
    engagement_timestamp: at,
    engagement_id: '00000000-0000-4000-8000-0000000000e1',
    actions,
  }
}

const action = (
  status: string,
  results: { type: 'email' | 'transcript'; result: string }[],
  overrides: Record<string, string> = {},
) => ({
  action: 'Find the pain',
  action_id: ACTION,
  summary: 'The buyer described the pain.',
  status,
  status_description: 'Seen on the call.',
  results,
  ...overrides,
})

describe('stageAt', () => {
  it('reads the stage the latest change before the moment moved to, and where it came from', () => {
    expect(stageAt(history, '2026-01-20T00:00:00Z')).toEqual({
      current: STAGE.demo,
      previous: STAGE.discovery,
    })
    expect(stageAt(history, '2026-01-01T00:00:00Z')).toEqual({
      current: STAGE.discovery,
      previous: null,
    })
  })

  it('before the first change, the deal sat where that change started from', () => {
    expect(stageAt(history.slice(0, 1), '2026-01-10T00:00:00Z')).toEqual({
      current: STAGE.demo,
      previous: null,
    })
    expect(stageAt([], '2026-01-10T00:00:00Z')).toEqual({ current: null, previous: null })
  })
})

describe('deriveActionProgress (spec §3, §4)', () => {
  it('builds one item per action with method, stages, status and timestamp', () => {
    const models: ActivityModel[] = [
      {
        deal_id: DEAL,
        deal_name: 'Acme rollout',
        activity: [
          engagement('2026-01-10T09:00:00Z', [
            action('Completed', [
              { type: 'transcript', result: 'We lose two days.' },
              { type: 'email', result: 'As discussed.' },
            ]),
          ]),
          engagement('2026-01-20T09:00:00Z', [
            action('Waiting on the CFO', [{ type: 'email', result: 'Budget next week.' }], {
              action: 'Confirm budget',
              action_id: BUDGET,
              summary: '',
            }),
          ]),
        ],
      },
    ]
    const [deal] = deriveActionProgress(models, [{ deal_id: DEAL, history }], { stageName })
    expect(deal).toEqual({
      deal_id: DEAL,
      deal_name: 'Acme rollout',
      owner_name: UNKNOWN_OWNER,
      last_updated: '2026-01-20T09:00:00Z',
      actions: [
        {
          action_title: 'Confirm budget',
          // No summary: the status description says what was found.
          action_description: 'Seen on the call.',
          action_texts: { summary: '', status_description: 'Seen on the call.' },
          communication_method: 'email',
          current_stage: 'Demo',
          previous_stage: 'Discovery',
          current_status: 'pending',
          timestamp: '2026-01-20T09:00:00Z',
        },
        {
          action_title: 'Find the pain',
          action_description: 'The buyer described the pain.',
          action_texts: {
            summary: 'The buyer described the pain.',
            status_description: 'Seen on the call.',
          },
          communication_method: 'mixed',
          current_stage: 'Discovery',
          previous_stage: null,
          current_status: 'completed',
          timestamp: '2026-01-10T09:00:00Z',
        },
      ],
    })
  })

  it('keeps the latest result of an action seen in several engagements', () => {
    const models: ActivityModel[] = [
      {
        deal_id: DEAL,
        deal_name: 'Acme rollout',
        activity: [
          engagement('2026-02-03T09:00:00Z', [
            action('In progress', [{ type: 'transcript', result: 'x' }]),
          ]),
          engagement('2026-01-10T09:00:00Z', [action('Done', [{ type: 'email', result: 'y' }])]),
        ],
      },
    ]
    const [deal] = deriveActionProgress(models, [{ deal_id: DEAL, history }], { stageName })
    expect(deal?.actions).toHaveLength(1)
    expect(deal?.actions[0]).toMatchObject({
      current_status: 'ongoing',
      communication_method: 'phone',
      current_stage: 'Proposal',
      previous_stage: 'Demo',
    })
  })

  it('skips deals without an activity array with a warning, and deals with no action result', () => {
    const warn = vi.fn()
    const models = [
      { deal_id: DEAL, deal_name: 'Broken', activity: null },
      { deal_id: OTHER, deal_name: 'Quiet', activity: [engagement('2026-01-10T09:00:00Z', [])] },
    ] as ActivityModel[]
    expect(deriveActionProgress(models, [], { warn })).toEqual([])
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(DEAL))
  })

  it('names the owner where known, shows unknown stages by id, and sorts deals newest first', () => {
    const unknownStage = '00000000-0000-4000-8000-0000000000ff'
    const models: ActivityModel[] = [
      {
        deal_id: DEAL,
        deal_name: 'Older',
        activity: [engagement('2026-01-02T00:00:00Z', [action('done', [])])],
      },
      {
        deal_id: OTHER,
        deal_name: 'Newer',
        activity: [engagement('2026-01-05T00:00:00Z', [action('new', [])])],
      },
    ]
    const deals = deriveActionProgress(
      models,
      [
        {
          deal_id: OTHER,
          history: [
            {
              timestamp: '2026-01-01T00:00:00Z',
              from_stage: null,
              to_stage: { stage_id: unknownStage },
            },
          ],
        },
      ],
      { stageName, ownerNames: { [OTHER]: 'Dana Seller' } },
    )
    expect(deals.map((deal) => [deal.deal_name, deal.owner_name])).toEqual([
      ['Newer', 'Dana Seller'],
      ['Older', UNKNOWN_OWNER],
    ])
    expect(deals[0]?.actions[0]).toMatchObject({
      current_stage: unknownStage,
      current_status: 'pending',
    })
    expect(deals[1]?.actions[0]).toMatchObject({ current_stage: null, current_status: 'completed' })
  })
})
