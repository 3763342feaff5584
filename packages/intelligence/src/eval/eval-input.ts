import type { AnalysisInput } from '@dealcoach/contracts/intelligence'
import { DEFAULT_PIPELINE } from '../actions/default-actions.js'
import { DEFAULT_OBJECTION_TYPES } from '../objections/default-objection-types.js'
import type { EvalCase } from './eval-case.js'

// Eval cases are scored against the default objection types and playbook (eval README).
export function evalInput(evalCase: EvalCase): AnalysisInput {
  return {
    product: {
      name: evalCase.product.name,
      description: evalCase.product.description ?? '',
      value_propositions: evalCase.product.value_propositions ?? [],
    },
    objection_types: [...DEFAULT_OBJECTION_TYPES],
    pipeline: DEFAULT_PIPELINE,
    engagements: evalCase.engagements,
  }
}
