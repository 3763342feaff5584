import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import { conceptsOfSentences } from '../nlp/concept-lexicon.js'
import { featureNames, type FeatureNames } from '../nlp/feature-names.js'
import { FeatureSet, type FeatureSink } from '../nlp/feature-sink.js'
import type { ObjectionUnit } from './objection-units.js'
import { eachVocabularyFeature } from './type-vocabulary.js'

// Typing's own stem and concept names: the objection's ("ts:", "tc:") and those of the
// seller's question before it ("ps:", "pc:").
const OWN_STEM = featureNames('ts:')
const OWN_CONCEPT = featureNames('tc:')
const QUESTION_STEM = featureNames('ps:')
const QUESTION_CONCEPT = featureNames('pc:')
const OWN_QUANTITY = featureNames('tq:')

// The stems of some sentences and the concepts they evoke; a sink counts each name once.
function sendStems(
  sink: FeatureSink,
  sentences: readonly AnalysedSentence[],
  stemNames: FeatureNames,
  conceptNames: FeatureNames,
): void {
  for (const sentence of sentences) {
    for (const stem of sentence.stemWords) sink.word(stemNames, stem)
  }
  for (const concept of conceptsOfSentences(sentences)) sink.term(conceptNames, concept)
}

// Which kinds of quantity the objection names ("tq:MONEY", "tq:DURATION", "tq:DATE",
// "tq:PERCENT"): an amount leans to price, a term length to the contract, a date to timing,
// whatever words carry it ("12k", "three years", "by March"), where each word alone is too
// rare in training to weigh. Bare counts ("12 people") say nothing about the concern. Pooled
// 5-fold CV over three fold splits: type accuracy 677 -> 684 of 852 (each split up); the
// seller's answer's quantities too, or three copies of each feature, no better (684 / 680).
function sendQuantityTypes(sink: FeatureSink, sentences: readonly AnalysedSentence[]): void {
  for (const sentence of sentences) {
    for (const type of sentence.entityTypes) if (type !== 'CARDINAL') sink.term(OWN_QUANTITY, type)
  }
}

// Detector features the type priors leave out (5-fold CV on the labelled objections of the
// training calls, type accuracy 0.679 -> 0.707): the objection's concepts (`c:`) repeat its
// `tc:` features, and counted twice they outweighed the words; the stems of the seller's reply
// (`ns:`) are mostly the seller's pitch, which reads alike after every type of objection,
// while its words and concepts stay. Whether the unit is an e-mail sentence and where it sits
// in its paragraph and e-mail (`u:`, `sp:`, `spp:`) say nothing about the concern, yet made
// every terse e-mail sentence lean to contract terms, the type most e-mails of the training
// deals raise (type accuracy 0.746 -> 0.756; 0.705 -> 0.710 over three other fold splits).
// The words in a negation's scope (`n:`, with `n:none` and `n:ack` for the seller's reply)
// say that the buyer resists, which every type shares; the same words outside the scope
// (`w:`) already name what about, so the copy only doubled their weight (typing round 4:
// better on each of four fold splits, 804 -> 809 of 1,104 typed objections).
const IGNORED_DETECTOR_PREFIXES = ['c:', 'ns:', 'n:', 'f:', 'pq:', 'sp:', 'spp:', 'u:']

// Their first letters: most features (words, pairs, stems) start with another one and are
// let through on one character test, which matters at a few hundred features per objection.
const IGNORED_FIRST_CODES = new Set(IGNORED_DETECTOR_PREFIXES.map((prefix) => prefix.charCodeAt(0)))

// Whether typing reads a detector feature (the prefixes above are left out). The type priors
// are trained on `typeFeatures`, so no feature it leaves out ever has a prior weight.
export function typeRelevant(feature: string): boolean {
  if (!IGNORED_FIRST_CODES.has(feature.charCodeAt(0))) return true
  for (const prefix of IGNORED_DETECTOR_PREFIXES) if (feature.startsWith(prefix)) return false
  return true
}

// What the type priors read: the detector's features (which include the words and concepts
// of the seller's answer after the objection: a seller answering with the security report
// says what the worry was about), the stems and sales concepts of the objection and of the
// seller's question before it, the kinds of quantity the objection names, and the default
// types' own vocabulary (type-vocabulary.ts).
export function typeFeatures(unit: ObjectionUnit, detectorFeatures: Iterable<string>): Set<string> {
  const features = new FeatureSet()
  for (const feature of detectorFeatures) if (typeRelevant(feature)) features.name(feature)
  sendOwnTypeFeatures(features, unit)
  return features.features
}

// The features typing adds to the detector's, in the order `typeFeatures` lists them. Their
// tags ("ts:", "tc:", "tq:", "ps:", "pc:", "kv1:", ...) are typing's own: no detector feature
// has one, so a sink that counts each name once counts them exactly as that set does.
export function sendOwnTypeFeatures(sink: FeatureSink, unit: ObjectionUnit): void {
  sendStems(sink, unit.sentences, OWN_STEM, OWN_CONCEPT)
  sendQuantityTypes(sink, unit.sentences)
  eachVocabularyFeature(unit, (feature) => sink.name(feature))
  if (unit.kind !== 'turn') return
  const before = unit.previousSeller
  if (before) sendStems(sink, before.sentences, QUESTION_STEM, QUESTION_CONCEPT)
}
