import type { AnalysisInput } from '@dealcoach/contracts/intelligence'
import { DEFAULT_OBJECTION_TYPE_CONFIGS, DEFAULT_PIPELINE_CONFIG } from './default-configs.js'
import type { EvalCase } from './eval-case.js'

// Eval cases are scored against the default objection types and playbook (eval README), the
// ones a new organisation is seeded with.
export function evalInput(evalCase: EvalCase): AnalysisInput {
  return {
    product: {
      name: evalCase.product.name,
      description: evalCase.product.description ?? '',
      value_propositions: evalCase.product.value_propositions ?? [],
    },
    objection_types: [...DEFAULT_OBJECTION_TYPE_CONFIGS],
    pipeline: DEFAULT_PIPELINE_CONFIG,
    engagements: evalCase.engagements,
  }
}
