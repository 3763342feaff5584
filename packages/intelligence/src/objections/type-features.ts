import { conceptsOf } from '../nlp/concept-lexicon.js'
import { featureNames } from '../nlp/feature-names.js'
import { stemsOf } from '../nlp/stems-of.js'
import type { ObjectionUnit } from './objection-units.js'
import { eachVocabularyFeature } from './type-vocabulary.js'

// The stem and concept names of some sentences under a prefix ("ts:", "tc:"), each once.
function sendStems(
  send: (feature: string) => void,
  seen: Set<string>,
  stems: readonly string[],
  prefix: string,
): void {
  const s = featureNames(`${prefix}s:`)
  const c = featureNames(`${prefix}c:`)
  const once = (name: string): void => {
    if (seen.has(name)) return
    seen.add(name)
    send(name)
  }
  for (const stem of stems) once(s.of(stem))
  for (const concept of conceptsOf(stems)) once(c.of(concept))
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

function typeRelevant(feature: string): boolean {
  if (!IGNORED_FIRST_CODES.has(feature.charCodeAt(0))) return true
  for (const prefix of IGNORED_DETECTOR_PREFIXES) if (feature.startsWith(prefix)) return false
  return true
}

// What the type priors read: the detector's features (which include the words and concepts
// of the seller's answer after the objection: a seller answering with the security report
// says what the worry was about), the stems and sales concepts of the objection and of the
// seller's question before it, and the default types' own vocabulary (type-vocabulary.ts).
export function typeFeatures(unit: ObjectionUnit, detectorFeatures: Iterable<string>): Set<string> {
  const features = new Set<string>()
  eachTypeFeature(unit, detectorFeatures, (feature) => features.add(feature))
  return features
}

// The same features, each sent once and in the same order, without collecting them: typing
// sums the priors' weights as they come instead of first copying a few hundred names per
// objection into a set. `detectorFeatures` are distinct (a set, or a list made from one);
// the stem and concept names added here carry tags of their own ("ts:", "tc:", "ps:",
// "pc:") that no detector feature has, so only they need checking for repeats.
export function eachTypeFeature(
  unit: ObjectionUnit,
  detectorFeatures: Iterable<string>,
  send: (feature: string) => void,
): void {
  for (const feature of detectorFeatures) if (typeRelevant(feature)) send(feature)
  const seen = new Set<string>()
  sendStems(send, seen, stemsOf(unit.sentences), 't')
  eachVocabularyFeature(unit, send)
  if (unit.kind !== 'turn') return
  const before = unit.previousSeller
  if (before) sendStems(send, seen, stemsOf(before.sentences), 'p')
}
