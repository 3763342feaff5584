import { conceptsOf } from '../nlp/concept-lexicon.js'
import { featureNames } from '../nlp/feature-names.js'
import { stemsOf } from '../nlp/stems-of.js'
import type { ObjectionUnit } from './objection-units.js'

function addStems(features: Set<string>, stems: readonly string[], prefix: string): void {
  const s = featureNames(`${prefix}s:`)
  const c = featureNames(`${prefix}c:`)
  for (const stem of stems) features.add(s.of(stem))
  for (const concept of conceptsOf(stems)) features.add(c.of(concept))
}

// Detector features the type priors leave out (5-fold CV on the labelled objections of the
// training calls, type accuracy 0.679 -> 0.707): the objection's concepts (`c:`) repeat its
// `tc:` features, and counted twice they outweighed the words; the stems of the seller's reply
// (`ns:`) are mostly the seller's pitch, which reads alike after every type of objection,
// while its words and concepts stay.
const IGNORED_DETECTOR_PREFIXES = ['c:', 'ns:', 'f:', 'pq:']

function typeRelevant(feature: string): boolean {
  return !IGNORED_DETECTOR_PREFIXES.some((prefix) => feature.startsWith(prefix))
}

// What the type priors read: the detector's features (which include the words and concepts
// of the seller's answer after the objection: a seller answering with the security report
// says what the worry was about) and the stems and sales concepts of the objection and of
// the seller's question before it.
export function typeFeatures(unit: ObjectionUnit, detectorFeatures: Iterable<string>): Set<string> {
  const features = new Set<string>()
  for (const feature of detectorFeatures) if (typeRelevant(feature)) features.add(feature)
  addStems(features, stemsOf(unit.sentences), 't')
  if (unit.kind !== 'turn') return features
  const before = unit.previousSeller
  if (before) addStems(features, stemsOf(before.sentences), 'p')
  return features
}
