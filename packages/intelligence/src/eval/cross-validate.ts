import type { EvalCase } from './eval-case.js'
import { emptyTally, mergeTallies, type EvalTally } from './eval-metrics.js'
import { runEval } from './run-eval.js'
import { foldsOf } from '../model/training-data.js'
import { trainObjectionModel } from '../model/train-objection-model.js'

export const CROSS_VALIDATION_FOLDS = 5

// k-fold cross-validation on training cases: each fold is scored by a model trained on the
// other folds only, exactly as `npm run train` trains on all of them.
export function crossValidate(cases: readonly EvalCase[], k = CROSS_VALIDATION_FOLDS): EvalTally {
  const folds = foldsOf(cases, k)
  const tallies = folds.map((held, f) => {
    const training = folds.filter((_, g) => g !== f).flat()
    return held.length === 0 ? emptyTally() : runEval(held, trainObjectionModel(training))
  })
  return mergeTallies(tallies)
}
