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

// An organisation's own type has no trained prior. Where there are default types it competes
// with the best of them at that type's prior, so it wins only by being the closer in wording,
// and only with some evidence of its own: a word of its wording that no default type's wording
// has, and at least MIN_CUSTOM_SIMILARITY (one incidental shared word gives 0.03–0.15). At a
// fixed even prior it beat every default type whose prior was below 0.5, most objections: a
// "Data migration" type took 55 % of a workspace's objections, a type named "NNNNNNNN" ("word
// word word") 50 %. Without default types the own types start at even odds, the closest wins.
const CUSTOM_PRIOR = 0.5
const MIN_CUSTOM_SIMILARITY = 0.2

type Scored = TypeChoice & { score: number }

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
  const scored = (profile: TypeProfile, prior: number): Scored => {
    const similarity = dot(query, profile.vector)
    const score = Math.log(prior) + model.typeSimilarityWeight * similarity
    return { profile, similarity, prior, score }
  }
  let bestDefault: Scored | null = null
  for (const profile of index.profiles) {
    if (!profile.defaultKey) continue
    const choice = scored(profile, priors.get(profile.defaultKey) ?? CUSTOM_PRIOR)
    if (!bestDefault || choice.score > bestDefault.score) bestDefault = choice
  }
  let best = bestDefault
  for (const profile of index.profiles) {
    if (profile.defaultKey) continue
    if (bestDefault && !sharesOwnWord(query, profile)) continue
    const choice = scored(profile, bestDefault?.prior ?? CUSTOM_PRIOR)
    if (bestDefault && choice.similarity < MIN_CUSTOM_SIMILARITY) continue
    if (!best || choice.score > best.score) best = choice
  }
  return best
}

function sharesOwnWord(query: TermVector, profile: TypeProfile): boolean {
  for (const term of profile.ownWords) if (query.has(term)) return true
  return false
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
