import { weightOf, type LinearModel } from '../model/logistic-regression.js'

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
  l: 'length',
  q: 'question',
}

function describe(feature: string): string {
  const colon = feature.indexOf(':')
  if (colon < 0) return LABELS[feature] ?? feature
  const kind = feature.slice(0, colon)
  return `${LABELS[kind] ?? kind} "${feature.slice(colon + 1)}"`
}

// The features that pushed a decision up the most, as readable reasons ("phrase "too
// expensive" +1.21"), so a reviewer sees why the model flagged the sentence.
export function explainFeatures(
  model: LinearModel,
  features: Iterable<string>,
  limit = 4,
): string[] {
  const contributions: [string, number][] = []
  for (const feature of features) {
    const weight = weightOf(model, feature)
    if (weight !== undefined && weight > 0) contributions.push([feature, weight])
  }
  contributions.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  return contributions
    .slice(0, limit)
    .map(([feature, weight]) => `${describe(feature)} +${weight.toFixed(2)}`)
}
