import { productProfileSchema, type ProductProfile } from '@dealcoach/contracts/intelligence'
import type { ActionLabel, EvalCase, ObjectionLabel } from '../eval/eval-case.js'
import { evalInput } from '../eval/eval-input.js'
import { quotesMatch } from '../eval/objection-metrics.js'
import { analyseEngagements, type DealText } from '../nlp/analyse-engagements.js'
import type { Segmenter } from '../nlp/segment-raw-text.js'
import { sentenceVectors } from '../nlp/sentence-vectors.js'
import type { TermVector } from '../nlp/term-vector.js'
import { unitFeaturesWithRule } from '../objections/objection-features.js'
import { objectionUnits, type ObjectionUnit } from '../objections/objection-units.js'

export interface LabelledUnit {
  unit: ObjectionUnit
  features: string[]
  // The cue lexicon's best score over the unit's sentences.
  rule: number
  label: ObjectionLabel | null
}

// One training case analysed the way the engine analyses a deal, with every buyer unit
// carrying its features and the label that points at it (if any).
export interface PreparedCase {
  id: string
  text: DealText
  vectors: TermVector[]
  units: LabelledUnit[]
  engagements: EvalCase['engagements']
  product: ProductProfile
  // The solution-fit scores, 0–3 per criterion (absent: not annotated).
  solutionFit: Record<string, number> | null
  // The action statuses the case makes clear (absent: not annotated).
  actions: ActionLabel[] | null
}

function labelFor(
  evalCase: EvalCase,
  unit: ObjectionUnit,
  labels: readonly ObjectionLabel[],
): ObjectionLabel | null {
  const engagement = evalCase.engagements[unit.turn.engagementIndex]
  if (!engagement) return null
  const first = unit.sentences[0]
  for (const label of labels) {
    if (label.engagement !== engagement.id) continue
    if (unit.kind === 'turn' && label.utterance === unit.turn.utteranceIndex) return label
    if (unit.kind === 'sentence' && label.quote !== undefined && first) {
      if (quotesMatch(label.quote, first.text)) return label
    }
  }
  return null
}

// Cases without objection labels teach nothing about objections and are skipped.
export function prepareCase(evalCase: EvalCase, segmenter: Segmenter): PreparedCase | null {
  const labels = evalCase.labels.objections
  if (!labels) return null
  const text = analyseEngagements(evalCase.engagements, segmenter)
  const units = objectionUnits(text).map((unit) => {
    const { features, rule } = unitFeaturesWithRule(text, unit)
    return { unit, features: [...features].sort(), rule, label: labelFor(evalCase, unit, labels) }
  })
  return {
    id: evalCase.id,
    text,
    vectors: sentenceVectors(text),
    units,
    engagements: evalCase.engagements,
    // Defaults filled in as the engine's input schema fills them.
    product: productProfileSchema.parse(evalInput(evalCase).product),
    solutionFit: evalCase.labels.solution_fit ?? null,
    actions: evalCase.labels.actions ?? null,
  }
}

// Deterministic folds: cases sorted by id, dealt round-robin.
export function foldsOf<T extends { id: string }>(items: readonly T[], k: number): T[][] {
  return dealFolds(
    [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    k,
  )
}

// The items, in the order given, dealt round-robin into k folds.
export function dealFolds<T>(ordered: readonly T[], k: number): T[][] {
  const folds: T[][] = Array.from({ length: k }, () => [])
  ordered.forEach((item, i) => folds[i % k]?.push(item))
  return folds
}
