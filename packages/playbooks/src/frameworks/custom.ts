import { DEFAULT_OBJECTION_TYPES } from '../default-objection-types.js'
import { DEFAULT_PIPELINE } from '../default-pipeline.js'
import type { FrameworkTemplate } from '../playbook-types.js'

type TemplateAction = FrameworkTemplate['stages'][number]['actions'][number]

const DEFAULT_ACTIONS = new Map(
  DEFAULT_PIPELINE.stages.flatMap((stage) => stage.actions).map((action) => [action.key, action]),
)

function actionsOf(keys: readonly string[]): TemplateAction[] {
  return keys.map((key) => {
    const action = DEFAULT_ACTIONS.get(key)
    if (!action) throw new Error(`the default pipeline has no action "${key}"`)
    return { name: action.name, description: action.description }
  })
}

/**
 * "Our own framework": the default playbook as a template, so a team that adapts it starts from
 * the same texts a new organisation is seeded with (and the engine is measured on). Frameworks
 * keep to at most four actions a stage, so the default's Discovery is split in two, in order.
 * Objection types keep the defaults' names, which is how applying a framework skips the ones an
 * organisation already has; a template offers at most six, with three examples each.
 */
export const CUSTOM_TEMPLATE: FrameworkTemplate = {
  key: 'custom',
  name: 'Our own framework',
  description:
    'A general-purpose B2B pipeline from discovery to signature, built from the playbook every new workspace starts with, to adapt to the way your team already sells.',
  pipeline_name: 'Sales pipeline',
  stages: [
    { name: 'Discovery', actions: actionsOf(['identify_pain', 'quantify_impact']) },
    {
      name: 'Qualification',
      actions: actionsOf(['identify_decision_maker', 'current_solution', 'agree_next_steps']),
    },
    ...DEFAULT_PIPELINE.stages.slice(1).map((stage) => ({
      name: stage.name,
      actions: actionsOf(stage.actions.map((action) => action.key)),
    })),
  ],
  objection_types: DEFAULT_OBJECTION_TYPES.slice(0, 6).map((type) => ({
    name: type.name,
    description: type.description,
    examples: type.examples.slice(0, 3),
  })),
}
