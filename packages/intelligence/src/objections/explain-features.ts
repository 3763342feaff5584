import { weightMap, type LinearModel } from '../model/logistic-regression.js'

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

// The features that pushed a decision up the most, as readable reasons ("phrase "too
// expensive" +1.21"), so a reviewer sees why the model flagged the sentence. Only the best
// `limit` are kept while walking the features (an objection has hundreds, a few dozen of them
// positive): the same ones, in the same order, as sorting them all, without a pair per feature.
export function explainFeatures(
  model: LinearModel,
  features: Iterable<string>,
  limit = 4,
): string[] {
  const weights = weightMap(model)
  const best: string[] = []
  const bestWeights: number[] = []
  for (const feature of features) {
    const weight = weights.get(feature)
    if (weight === undefined || weight <= 0) continue
    let at = best.length
    while (at > 0 && ranksAbove(feature, weight, best[at - 1] ?? '', bestWeights[at - 1] ?? 0)) at--
    if (at >= limit) continue
    best.splice(at, 0, feature)
    bestWeights.splice(at, 0, weight)
    if (best.length > limit) {
      best.pop()
      bestWeights.pop()
    }
  }
  return best.map((feature, i) => `${describe(feature)} +${(bestWeights[i] ?? 0).toFixed(2)}`)
}
