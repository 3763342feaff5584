import type { Pipeline, PipelineAction, PipelineStage } from '@dealcoach/contracts/pipelines'

// Ids that read well in test failures while still being UUIDs, as the contracts require.
export const STAGE = {
  discovery: '00000000-0000-4000-8000-00000000000a',
  demo: '00000000-0000-4000-8000-00000000000b',
  proposal: '00000000-0000-4000-8000-00000000000c',
} as const

export const ACTION = {
  pain: '00000000-0000-4000-8000-0000000000a1',
  budget: '00000000-0000-4000-8000-0000000000a2',
  champion: '00000000-0000-4000-8000-0000000000a3',
  tailor: '00000000-0000-4000-8000-0000000000b1',
} as const

export const PIPELINE_ID = '00000000-0000-4000-8000-000000000001'

const stage = (stage_id: string, name: string, position: number): PipelineStage => ({
  stage_id,
  name,
  position,
  remote_stage_id: null,
})

const action = (
  action_id: string,
  stage_id: string | null,
  name: string,
  position: number,
): PipelineAction => ({ action_id, stage_id, name, description: `Why ${name}`, position })

/** A small pipeline for tests: three stages; three actions in Discovery, one in Demo. */
export function pipelineFixture(overrides: Partial<Pipeline> = {}): Pipeline {
  return {
    id: PIPELINE_ID,
    name: 'New Business',
    active: true,
    remote_id: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    stages: [
      stage(STAGE.discovery, 'Discovery', 0),
      stage(STAGE.demo, 'Demo', 1),
      stage(STAGE.proposal, 'Proposal', 2),
    ],
    actions: [
      action(ACTION.pain, STAGE.discovery, 'Find the pain', 0),
      action(ACTION.budget, STAGE.discovery, 'Confirm budget', 1),
      action(ACTION.champion, STAGE.discovery, 'Find a champion', 2),
      action(ACTION.tailor, STAGE.demo, 'Tailor the demo', 0),
    ],
    ...overrides,
  }
}
