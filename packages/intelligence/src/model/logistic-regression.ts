// A sparse binary-feature logistic regression, trained full-batch with Adam so that a run is
// a pure function of its examples and options: no random initialisation, no shuffling, and
// features indexed in sorted order. Weights are rounded before they are stored or used, so
// the committed model and a fresh `npm run train` agree byte for byte.

import { oncePerObject } from '../text/once-per-object.js'

export interface LinearModel {
  bias: number
  weights: Record<string, number>
}

export interface TrainingExample {
  features: readonly string[]
  label: 0 | 1
}

export interface LogisticOptions {
  // L2 penalty per example (the loss is the mean log-loss plus l2/2 · |w|²).
  l2: number
  iterations: number
  learningRate: number
  // Weigh the classes so that each contributes half the loss (rare positives still count).
  balanced: boolean
  // How far to go towards that balance: each class's weight is raised to this power, so 1 is
  // fully balanced and 0 leaves every example at weight 1.
  balancePower: number
  // Decimal places kept in the stored weights; smaller weights are dropped.
  decimals: number
  // Features seen in fewer examples are ignored (they would only memorise).
  minCount: number
  // Stored weights smaller than this are dropped: they barely move a score and would only
  // make the committed file bigger.
  minWeight: number
}

export const DEFAULT_LOGISTIC_OPTIONS: LogisticOptions = {
  l2: 0.002,
  iterations: 300,
  learningRate: 0.05,
  balanced: true,
  balancePower: 1,
  decimals: 3,
  minCount: 2,
  minWeight: 0,
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals
  const rounded = Math.round(value * factor) / factor
  // -0 would print as 0 but compare unequal in some serialisers; keep it plain.
  return rounded === 0 ? 0 : rounded
}

export function sigmoid(x: number): number {
  if (x >= 0) return 1 / (1 + Math.exp(-x))
  const e = Math.exp(x)
  return e / (1 + e)
}

// A model's weights as a Map, built once per model: property lookups on an object with
// thousands of keys cost several times more, and scoring runs for every buyer turn.
export const weightMap = oncePerObject(
  (model: LinearModel): ReadonlyMap<string, number> => new Map(Object.entries(model.weights)),
)

export function weightOf(model: LinearModel, feature: string): number | undefined {
  return weightMap(model).get(feature)
}

export function linearScore(model: LinearModel, features: Iterable<string>): number {
  const weights = weightMap(model)
  let sum = model.bias
  // A set (every detector and handling score) gets a loop of its own: one loop for sets and
  // arrays alike allocated an iterator result per feature. Same order, same sum.
  if (features instanceof Set) {
    for (const feature of features as Set<string>) sum += weights.get(feature) ?? 0
  } else {
    for (const feature of features) sum += weights.get(feature) ?? 0
  }
  return sum
}

export function trainLogistic(
  examples: readonly TrainingExample[],
  options: Partial<LogisticOptions> = {},
): LinearModel {
  const opts = { ...DEFAULT_LOGISTIC_OPTIONS, ...options }
  const counts = new Map<string, number>()
  for (const e of examples) {
    for (const f of new Set(e.features)) counts.set(f, (counts.get(f) ?? 0) + 1)
  }
  const names = [...counts.keys()].filter((f) => (counts.get(f) ?? 0) >= opts.minCount).sort()
  const ids = new Map(names.map((name, i) => [name, i]))
  const rows = examples.map((e) => {
    const unique: number[] = []
    for (const f of new Set(e.features)) {
      const id = ids.get(f)
      if (id !== undefined) unique.push(id)
    }
    return Int32Array.from(unique.sort((a, b) => a - b))
  })
  const positives = examples.filter((e) => e.label === 1).length
  const negatives = examples.length - positives
  const n = examples.length || 1
  const weightOf = (label: 0 | 1): number => {
    if (!opts.balanced || positives === 0 || negatives === 0) return 1
    const full = label === 1 ? n / (2 * positives) : n / (2 * negatives)
    return opts.balancePower === 1 ? full : full ** opts.balancePower
  }
  const exampleWeights = examples.map((e) => weightOf(e.label))

  const dim = names.length + 1 // the last slot is the bias
  const w = new Float64Array(dim)
  const m = new Float64Array(dim)
  const v = new Float64Array(dim)
  const grad = new Float64Array(dim)
  const beta1 = 0.9
  const beta2 = 0.999
  for (let step = 1; step <= opts.iterations; step++) {
    grad.fill(0)
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as Int32Array
      let z = w[dim - 1] as number
      for (let k = 0; k < row.length; k++) z += w[row[k] as number] as number
      const label = examples[i]?.label ?? 0
      const g = ((sigmoid(z) - label) * (exampleWeights[i] ?? 1)) / n
      for (let k = 0; k < row.length; k++) {
        const j = row[k] as number
        grad[j] = (grad[j] as number) + g
      }
      grad[dim - 1] = (grad[dim - 1] as number) + g
    }
    for (let j = 0; j < dim - 1; j++) grad[j] = (grad[j] as number) + opts.l2 * (w[j] as number)
    const c1 = 1 - beta1 ** step
    const c2 = 1 - beta2 ** step
    for (let j = 0; j < dim; j++) {
      const gj = grad[j] as number
      m[j] = beta1 * (m[j] as number) + (1 - beta1) * gj
      v[j] = beta2 * (v[j] as number) + (1 - beta2) * gj * gj
      w[j] =
        (w[j] as number) -
        (opts.learningRate * ((m[j] as number) / c1)) / (Math.sqrt((v[j] as number) / c2) + 1e-8)
    }
  }
  const weights: Record<string, number> = {}
  names.forEach((name, j) => {
    const value = roundTo(w[j] as number, opts.decimals)
    if (value !== 0 && Math.abs(value) >= opts.minWeight) weights[name] = value
  })
  return { bias: roundTo(w[dim - 1] as number, opts.decimals), weights }
}
