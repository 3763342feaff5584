import type { DetectedObjection, Engagement } from '@dealcoach/contracts/intelligence'
import type { ObjectionLabel } from './eval-case.js'

export interface ObjectionCounts {
  truePositives: number
  falsePositives: number
  falseNegatives: number
  typeCorrect: number
  handledCorrect: number
  handledJudged: number
  // Per-type confusion for macro F1: [label type, predicted type] of each matched pair,
  // plus the unmatched labels and predictions.
  pairs: { label: string; predicted: string }[]
  missedTypes: string[]
  spuriousTypes: string[]
}

export function emptyObjectionCounts(): ObjectionCounts {
  return {
    truePositives: 0,
    falsePositives: 0,
    falseNegatives: 0,
    typeCorrect: 0,
    handledCorrect: 0,
    handledJudged: 0,
    pairs: [],
    missedTypes: [],
    spuriousTypes: [],
  }
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9$%]+/g) ?? []
}

const LETTER = /[a-z]/

// An e-mail label gives a quote; a prediction matches it when one contains the other or
// they share most of their words (the engine may cut sentences slightly differently).
// A side without a single lettered word (a list marker such as "1." cut off as its own
// sentence) matches nothing: its digits would otherwise be "contained" in any quote that
// happens to mention the same number.
export function quotesMatch(label: string, predicted: string): boolean {
  const a = words(label)
  const b = words(predicted)
  if (!a.some((w) => LETTER.test(w)) || !b.some((w) => LETTER.test(w))) return false
  const la = a.join(' ')
  const lb = b.join(' ')
  if (la.includes(lb) || lb.includes(la)) return true
  const setB = new Set(b)
  const shared = a.filter((w) => setB.has(w)).length
  return shared / Math.min(a.length, b.length) >= 0.6
}

// Matching is per labelled utterance (or e-mail quote): several objections the engine found
// in one utterance count as one prediction, its most confident one.
export function countObjections(
  engagements: readonly Engagement[],
  labels: readonly ObjectionLabel[],
  predicted: readonly DetectedObjection[],
  counts: ObjectionCounts,
): void {
  const transcriptIds = new Set(
    engagements.filter((e) => e.utterances && e.utterances.length > 0).map((e) => e.id),
  )
  const byUtterance = new Map<string, DetectedObjection>()
  const quotePredictions: DetectedObjection[] = []
  for (const p of predicted) {
    if (transcriptIds.has(p.engagement.id) && p.utterance_index !== null) {
      const key = `${p.engagement.id}#${p.utterance_index}`
      const current = byUtterance.get(key)
      if (!current || p.confidence > current.confidence) byUtterance.set(key, p)
    } else {
      quotePredictions.push(p)
    }
  }
  const usedQuotes = new Set<DetectedObjection>()
  const usedUtterances = new Set<string>()
  for (const label of labels) {
    let match: DetectedObjection | undefined
    if (label.utterance !== undefined) {
      const key = `${label.engagement}#${label.utterance}`
      match = byUtterance.get(key)
      if (match) usedUtterances.add(key)
    } else if (label.quote !== undefined) {
      const quote = label.quote
      match = quotePredictions.find(
        (p) =>
          !usedQuotes.has(p) && p.engagement.id === label.engagement && quotesMatch(quote, p.quote),
      )
      if (match) usedQuotes.add(match)
    }
    if (!match) {
      counts.falseNegatives++
      counts.missedTypes.push(label.type)
      continue
    }
    counts.truePositives++
    counts.pairs.push({ label: label.type, predicted: match.type })
    if (match.type === label.type) counts.typeCorrect++
    if (label.handled !== undefined && label.handled !== null) {
      counts.handledJudged++
      if (match.handled === label.handled) counts.handledCorrect++
    }
  }
  for (const [key, p] of byUtterance) {
    if (!usedUtterances.has(key)) {
      counts.falsePositives++
      counts.spuriousTypes.push(p.type)
    }
  }
  for (const p of quotePredictions) {
    if (!usedQuotes.has(p)) {
      counts.falsePositives++
      counts.spuriousTypes.push(p.type)
    }
  }
}

export function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator
}

export function f1(precision: number | null, recall: number | null): number | null {
  if (precision === null || recall === null) return null
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
}

// Macro F1 over the label types, with type errors counted against both types and missed
// or spurious objections against theirs, so the type figure is not only about matched pairs.
export function typeMacroF1(counts: ObjectionCounts): number | null {
  const types = new Set<string>([...counts.pairs.map((p) => p.label), ...counts.missedTypes])
  if (types.size === 0) return null
  let sum = 0
  for (const type of types) {
    let tp = 0
    let fp = 0
    let fn = 0
    for (const pair of counts.pairs) {
      if (pair.label === type && pair.predicted === type) tp++
      else if (pair.label === type) fn++
      else if (pair.predicted === type) fp++
    }
    fn += counts.missedTypes.filter((t) => t === type).length
    fp += counts.spuriousTypes.filter((t) => t === type).length
    const precision = tp + fp === 0 ? 0 : tp / (tp + fp)
    const recall = tp + fn === 0 ? 0 : tp / (tp + fn)
    sum += precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
  }
  return sum / types.size
}
