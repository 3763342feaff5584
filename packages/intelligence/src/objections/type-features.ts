import type { AnalysedTurn } from '../nlp/analysed-sentence.js'
import type { DealText } from '../nlp/analyse-engagements.js'
import { conceptsOf } from '../nlp/concept-lexicon.js'
import type { ObjectionUnit } from './objection-units.js'

function addStems(features: Set<string>, stems: readonly string[], prefix: string): void {
  for (const stem of stems) features.add(`${prefix}s:${stem}`)
  for (const concept of conceptsOf(stems)) features.add(`${prefix}c:${concept}`)
}

function sellerTurnAfter(text: DealText, turn: AnalysedTurn): AnalysedTurn | null {
  const next = text.turns[turn.turnIndex + 1]
  return next && next.role === 'seller' && next.engagementIndex === turn.engagementIndex
    ? next
    : null
}

// What the type priors read besides the detector's features: the stems and sales concepts of
// the objection, of the seller's question before it and of the seller's answer after it
// (a seller answering with the SOC 2 report says what the worry was about).
export function typeFeatures(
  text: DealText,
  unit: ObjectionUnit,
  detectorFeatures: Iterable<string>,
): Set<string> {
  const features = new Set(detectorFeatures)
  addStems(
    features,
    unit.sentences.flatMap((s) => s.stems),
    't',
  )
  if (unit.kind !== 'turn') return features
  const before = unit.previousSeller
  if (before)
    addStems(
      features,
      before.sentences.flatMap((s) => s.stems),
      'p',
    )
  const after = sellerTurnAfter(text, unit.turn)
  if (after)
    addStems(
      features,
      after.sentences.flatMap((s) => s.stems),
      'n',
    )
  return features
}
