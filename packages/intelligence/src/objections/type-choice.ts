import { denseScore } from '../model/dense-logistic.js'
import { sigmoid } from '../model/logistic-regression.js'
import type { ObjectionModel } from '../model/objection-model.js'
import { dot, normalised, type TermVector } from '../nlp/term-vector.js'
import { committedWordVectors, type WordVectors } from '../nlp/word-vectors.js'
import type { ObjectionTypeIndex, TypeProfile } from './objection-type-index.js'
import type { ObjectionUnit } from './objection-units.js'
import { objectionVector } from './objection-vector.js'
import { sendOwnTypeFeatures } from './type-features.js'
import { typePriorScorer } from './type-prior-scorer.js'

export interface TypeChoice {
  profile: TypeProfile
  similarity: number
  prior: number
}

// A custom type has no trained prior: it starts at even odds and wins on the similarity of
// the objection to its own name, description and examples. Even odds from the word vectors
// too (0.5 times 0.5^typeVectorWeight) let the default types' topics swallow custom ones that
// share their words ("the emissions of your data centres" went to security); the word-vector
// priors re-weigh the default types among themselves.
const CUSTOM_PRIOR = 0.5

// Picks the organisation's type for an objection: the trained prior of each default type
// (from the unit's features) plus the similarity of the objection's topic to each active
// type's own wording, so edited and custom types are matched without retraining.
export function chooseType(
  index: ObjectionTypeIndex,
  model: ObjectionModel,
  topic: TermVector,
  unit: ObjectionUnit,
  detectorFeatureIds: Int32Array,
  wordVectors: WordVectors = committedWordVectors(),
): TypeChoice | null {
  const query = normalised(topic)
  const priors = defaultPriors(model, unit, detectorFeatureIds, wordVectors)
  let best: (TypeChoice & { score: number }) | null = null
  for (const profile of index.profiles) {
    const similarity = dot(query, profile.vector)
    const prior = (profile.defaultKey ? priors.get(profile.defaultKey) : undefined) ?? CUSTOM_PRIOR
    const score = Math.log(prior) + model.typeSimilarityWeight * similarity
    if (!best || score > best.score) best = { profile, similarity, prior, score }
  }
  return best
}

// The trained prior of each default type for this objection's type features
// (type-features.ts), summed in the order they are listed, times its word-vector prior raised
// to typeVectorWeight: the word vectors lift the type whose kind of words the objection uses,
// where its very words never came up in training (5-fold CV over three fold splits: type
// accuracy 628 -> 662 of 855; ADR 0026).
function defaultPriors(
  model: ObjectionModel,
  unit: ObjectionUnit,
  detectorFeatureIds: Int32Array,
  wordVectors: WordVectors,
): Map<string, number> {
  const scorer = typePriorScorer(model).start()
  scorer.addIds(detectorFeatureIds)
  sendOwnTypeFeatures(scorer, unit)
  const sums = scorer.sums
  const vector = objectionVector(wordVectors, unit)
  return new Map(
    scorer.keys.map((key, k) => {
      const words = Math.max(1e-4, sigmoid(sums[k] as number))
      const vectorModel = model.typeVectors[key]
      if (!vectorModel) return [key, words]
      const vectors = sigmoid(denseScore(vectorModel, vector)) ** model.typeVectorWeight
      return [key, words * vectors]
    }),
  )
}
