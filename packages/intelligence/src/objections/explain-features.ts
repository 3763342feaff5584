import { weightMap, type LinearModel } from '../model/logistic-regression.js'
import type { ObjectionFeatureIndex } from './objection-feature-index.js'

const LABELS: Record<string, string> = {
  w: 'word',
  s: 'stem',
  c: 'concept',
  b: 'phrase',
  n: 'negated',
  h: 'hypothetical',
  k: 'cue',
  r: 'cue score',
  nw: 'seller answered',
  ns: 'seller answered',
  nc: 'seller answered about',
  pw: 'seller asked',
  pos: 'position in the call',
  l: 'length',
  q: 'question',
}

function describe(feature: string): string {
  const colon = feature.indexOf(':')
  if (colon < 0) return LABELS[feature] ?? feature
  const kind = feature.slice(0, colon)
  return `${LABELS[kind] ?? kind} "${feature.slice(colon + 1)}"`
}

// Whether contribution (feature a, weight wa) ranks above (b, wb): larger weight first, then
// the feature name, so ties read the same on every run.
function ranksAbove(a: string, wa: number, b: string, wb: number): boolean {
  return wa > wb || (wa === wb && a < b)
}

// The best `limit` positive contributions, kept while walking the features (an objection has
// hundreds, a few dozen of them positive): the same ones, in the same order, as sorting them
// all, without a pair per feature.
class BestContributions {
  private readonly features: string[] = []
  private readonly weights: number[] = []

  constructor(private readonly limit: number) {}

  offer(feature: string, weight: number): void {
    if (weight <= 0) return
    const best = this.features
    const bestWeights = this.weights
    let at = best.length
    while (at > 0 && ranksAbove(feature, weight, best[at - 1] ?? '', bestWeights[at - 1] ?? 0)) at--
    if (at >= this.limit) return
    best.splice(at, 0, feature)
    bestWeights.splice(at, 0, weight)
    if (best.length > this.limit) {
      best.pop()
      bestWeights.pop()
    }
  }

  reasons(): string[] {
    return this.features.map(
      (feature, i) => `${describe(feature)} +${(this.weights[i] ?? 0).toFixed(2)}`,
    )
  }
}

// The features that pushed a decision up the most, as readable reasons ("phrase "too
// expensive" +1.21"), so a reviewer sees why the model flagged the sentence.
export function explainFeatures(
  model: LinearModel,
  features: Iterable<string>,
  limit = 4,
): string[] {
  const weights = weightMap(model)
  const best = new BestContributions(limit)
  for (const feature of features) {
    const weight = weights.get(feature)
    if (weight !== undefined) best.offer(feature, weight)
  }
  return best.reasons()
}

// The same for the detector, from a unit's feature ids (DetectorScorer.keptIds).
export function explainDetectorIds(
  features: ObjectionFeatureIndex,
  ids: Int32Array,
  limit = 4,
): string[] {
  const best = new BestContributions(limit)
  for (const id of ids) {
    best.offer(features.index.names[id] as string, features.detectorWeights[id] as number)
  }
  return best.reasons()
}
