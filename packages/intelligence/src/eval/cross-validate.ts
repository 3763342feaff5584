import type { EvalCase } from './eval-case.js'
import { mergeTallies, type EvalTally } from './eval-metrics.js'
import { splitFolds } from './fold-splits.js'
import { runEval } from './run-eval.js'
import type { ObjectionModel } from '../model/objection-model.js'
import { trainObjectionModel } from '../model/train-objection-model.js'

export const CROSS_VALIDATION_FOLDS = 5

// Each fold's held-out cases with the model trained on the other folds only, exactly as
// `npm run train` trains on all of them. `split` picks which deal of the cases into folds
// (fold-splits.ts); 0 is the eval's usual one. A fold without cases is left out.
export function* trainedFolds(
  cases: readonly EvalCase[],
  k = CROSS_VALIDATION_FOLDS,
  split = 0,
): Generator<{ held: readonly EvalCase[]; model: ObjectionModel }> {
  const folds = splitFolds(cases, k, split)
  for (const [f, held] of folds.entries()) {
    if (held.length === 0) continue
    yield { held, model: trainObjectionModel(folds.filter((_, g) => g !== f).flat()) }
  }
}

// k-fold cross-validation on training cases: each fold scored by its own model.
export function crossValidate(
  cases: readonly EvalCase[],
  k = CROSS_VALIDATION_FOLDS,
  split = 0,
): EvalTally {
  const tallies: EvalTally[] = []
  for (const { held, model } of trainedFolds(cases, k, split)) tallies.push(runEval(held, model))
  return mergeTallies(tallies)
}
