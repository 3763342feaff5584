import type { ObjectionTypeConfig, PipelineConfig } from '@dealcoach/contracts/intelligence'
import { DEFAULT_OBJECTION_TYPES } from '@dealcoach/playbooks/default-objection-types'
import { DEFAULT_PIPELINE } from '@dealcoach/playbooks/default-pipeline'

// What a new organisation's deals are analysed with, as the engine takes it. The server passes
// database ids; here the playbook keys stand in for them, because they are the eval's labels.

export const DEFAULT_OBJECTION_TYPE_CONFIGS: readonly ObjectionTypeConfig[] =
  DEFAULT_OBJECTION_TYPES.map((type) => ({
    id: type.key,
    name: type.name,
    description: type.description,
    examples: [...type.examples],
    active: true,
  }))

export const DEFAULT_PIPELINE_CONFIG: PipelineConfig = {
  stages: DEFAULT_PIPELINE.stages.map((stage, position) => ({
    id: stage.key,
    name: stage.name,
    position,
  })),
  actions: DEFAULT_PIPELINE.stages.flatMap((stage) =>
    stage.actions.map((action) => ({
      id: action.key,
      stage_id: stage.key,
      name: action.name,
      description: action.description,
    })),
  ),
}
