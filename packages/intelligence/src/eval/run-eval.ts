import { analyseDealSync } from '../providers/builtin-provider.js'
import { DEFAULT_PIPELINE_CONFIG } from './default-configs.js'
import type { EvalCase } from './eval-case.js'
import { evalInput } from './eval-input.js'
import { emptyTally, tallyCase, type EvalTally } from './eval-metrics.js'

export function runEval(cases: readonly EvalCase[]): EvalTally {
  const tally = emptyTally()
  const actionIds = DEFAULT_PIPELINE_CONFIG.actions.map((a) => a.id)
  for (const evalCase of cases) {
    tallyCase(tally, evalCase, analyseDealSync(evalInput(evalCase)), actionIds)
  }
  return tally
}
