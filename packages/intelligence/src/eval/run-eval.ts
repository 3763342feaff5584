import { committedModel, type ObjectionModel } from '../model/objection-model.js'
import { analyseDealWithModel } from '../providers/builtin-provider.js'
import { DEFAULT_PIPELINE_CONFIG } from './default-configs.js'
import type { EvalCase } from './eval-case.js'
import { evalInput } from './eval-input.js'
import { emptyTally, tallyCase, type EvalTally } from './eval-metrics.js'

export function runEval(
  cases: readonly EvalCase[],
  model: ObjectionModel = committedModel(),
): EvalTally {
  const tally = emptyTally()
  const actionIds = DEFAULT_PIPELINE_CONFIG.actions.map((a) => a.id)
  for (const evalCase of cases) {
    tallyCase(tally, evalCase, analyseDealWithModel(evalInput(evalCase), model), actionIds)
  }
  return tally
}
