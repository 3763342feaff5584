import type { EvalCase } from './eval-case.js'
import { emptyTally, mergeTallies, type EvalTally } from './eval-metrics.js'
import { splitFolds } from './fold-splits.js'
import { runEval } from './run-eval.js'
import { trainObjectionModel } from '../model/train-objection-model.js'

export const CROSS_VALIDATION_FOLDS = 5

// k-fold cross-validation on training cases: each fold is scored by a model trained on the
// other folds only, exactly as `npm run train` trains on all of them. `split` picks which
// deal of the cases into folds (fold-splits.ts); 0 is the eval's usual one.
export function crossValidate(
  cases: readonly EvalCase[],
  k = CROSS_VALIDATION_FOLDS,
  split = 0,
): EvalTally {
  const folds = splitFolds(cases, k, split)
  const tallies = folds.map((held, f) => {
    const training = folds.filter((_, g) => g !== f).flat()
    return held.length === 0 ? emptyTally() : runEval(held, trainObjectionModel(training))
  })
  return mergeTallies(tallies)
}
