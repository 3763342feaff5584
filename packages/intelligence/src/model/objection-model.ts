import { readFileSync } from 'node:fs'
import type { ActionStatusLabel } from '../actions/action-status.js'
import type { DenseLinearModel } from './dense-logistic.js'
import type { LinearModel } from './logistic-regression.js'

// Everything `npm run train` learns from the training files (../shared/eval/b2b-train.jsonl).
export interface ObjectionModel {
  version: 1
  // Which buyer turns (or e-mail sentences) resist.
  detector: LinearModel
  // Probability at or above which a unit is an objection, chosen by cross-validation.
  threshold: number
  // A buyer sentence the general cue lexicon scores this high is an objection whatever the
  // detector says: the lexicon covers haggling and hardship wording the sales calls of the
  // training data rarely use, and keeps the detector working on other kinds of conversation.
  ruleThreshold: number
  // ...but only in an engagement where the detector itself flags at most this many units
  // (objections/lexicon-gate.ts).
  ruleMaxDetected: number
  // One-vs-rest priors for the default objection types, keyed by the playbook's type key.
  types: Record<string, LinearModel>
  // How much a type's similarity to the organisation's wording counts against the prior.
  typeSimilarityWeight: number
  // One-vs-rest priors for the default types over the objection's general-English word vector
  // (objections/objection-vector.ts, nlp/word-vectors.ts), and the power their probability is
  // raised to before it multiplies the prior above.
  typeVectors: Record<string, DenseLinearModel>
  typeVectorWeight: number
  // Whether the seller's reply (and the buyer's next turn) handled the objection.
  handled: LinearModel
  // One-vs-rest status classifiers for playbook actions: completed, pending, ongoing,
  // not_done.
  actions: Record<string, LinearModel>
  // Default actions answered with their most common training status whenever talked about,
  // where inner cross-validation found the classifiers no better (train-action-model.ts).
  actionFallbacks: Record<string, ActionStatusLabel>
  // Added to a status classifier's log-odds before the highest is picked, chosen on inner
  // cross-validation folds (train-action-model.ts); absent: 0.
  actionShifts: Partial<Record<ActionStatusLabel, number>>
  // Whether the default playbook's objections action is in play, from the objections' count
  // and the kind of deal (actions/action-features.ts, objectionActionFeatures).
  objectionAction: LinearModel
  // Solution fit: per criterion, a ladder of "score at least 1 / 2 / 3" classifiers over the
  // rules' score and evidence counts (solution-fit/fit-features.ts).
  solutionFit: Record<string, LinearModel[]>
  // Sentence ends in unpunctuated call-recorder text.
  segmenter: LinearModel
  segmenterThreshold: number
}

export const MODEL_FILE_URL = new URL('./objection-model.json', import.meta.url)

let committed: ObjectionModel | undefined

// The committed model, read once per process from the JSON file next to this module (the
// build copies it to dist); no network, no training at run time.
export function committedModel(): ObjectionModel {
  committed ??= JSON.parse(readFileSync(MODEL_FILE_URL, 'utf8')) as ObjectionModel
  return committed
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) {
      out[key] = sortedKeys((value as Record<string, unknown>)[key])
    }
    return out
  }
  return value
}

// Stable text of a model: keys sorted at every level, one weight per line (the layout the
// repository's formatter keeps), so a retrain from the same data gives the same bytes and a
// diff shows which weights moved.
export function serialiseModel(model: ObjectionModel): string {
  return `${JSON.stringify(sortedKeys(model), null, 2)}\n`
}
