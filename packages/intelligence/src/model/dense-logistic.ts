import { roundTo, sigmoid } from './logistic-regression.js'

// A logistic regression over a short dense vector (an objection's word-vector average), next to
// the sparse binary one of logistic-regression.ts: same full-batch Adam, no randomness, so
// `npm run train` stays byte for byte reproducible.
// The weights are keyed by component index ("0", "1", ...), the shape of the sparse models:
// the committed model prints one weight a line, where prettier would refill a bare array of
// numbers and the file would no longer be what `npm run train` writes.
export interface DenseLinearModel {
  bias: number
  weights: Record<string, number>
}

export interface DenseExample {
  values: Float64Array
  label: 0 | 1
}

export interface DenseLogisticOptions {
  // L2 penalty on the weights of the standardised inputs.
  l2: number
  iterations: number
  learningRate: number
  // Each class's weight (n / 2·count) raised to this power, as for the sparse type priors.
  balancePower: number
  decimals: number
}

// Each model's weights as an array, built on first use: a score is then one pass over the
// vector.
const weightArrays = new WeakMap<DenseLinearModel, Float64Array>()

function weightArray(model: DenseLinearModel, dimensions: number): Float64Array {
  let weights = weightArrays.get(model)
  if (!weights || weights.length !== dimensions) {
    weights = Float64Array.from({ length: dimensions }, (_, d) => model.weights[d] ?? 0)
    weightArrays.set(model, weights)
  }
  return weights
}

export function denseScore(model: DenseLinearModel, values: Float64Array): number {
  const weights = weightArray(model, values.length)
  let sum = model.bias
  for (let d = 0; d < values.length; d++) sum += (weights[d] as number) * (values[d] as number)
  return sum
}

interface Standardisation {
  mean: Float64Array
  scale: Float64Array
}

// Components of averaged word vectors differ several times in spread; standardised, one l2
// penalty and one learning rate suit all of them.
function standardisation(examples: readonly DenseExample[], dimensions: number): Standardisation {
  const mean = new Float64Array(dimensions)
  const scale = new Float64Array(dimensions)
  const n = examples.length || 1
  for (const e of examples) {
    for (let d = 0; d < dimensions; d++) mean[d] = (mean[d] as number) + (e.values[d] as number)
  }
  for (let d = 0; d < dimensions; d++) mean[d] = (mean[d] as number) / n
  for (const e of examples) {
    for (let d = 0; d < dimensions; d++) {
      const diff = (e.values[d] as number) - (mean[d] as number)
      scale[d] = (scale[d] as number) + diff * diff
    }
  }
  for (let d = 0; d < dimensions; d++) scale[d] = Math.sqrt((scale[d] as number) / n) || 1
  return { mean, scale }
}

export function trainDenseLogistic(
  examples: readonly DenseExample[],
  options: DenseLogisticOptions,
): DenseLinearModel {
  const dimensions = examples[0]?.values.length ?? 0
  const { mean, scale } = standardisation(examples, dimensions)
  const rows = examples.map((e) =>
    Float64Array.from(e.values, (x, d) => (x - (mean[d] as number)) / (scale[d] as number)),
  )
  const n = examples.length || 1
  const positives = examples.filter((e) => e.label === 1).length
  const classWeight = (label: 0 | 1): number => {
    const count = label === 1 ? positives : n - positives
    return count === 0 ? 1 : (n / (2 * count)) ** options.balancePower
  }
  const dim = dimensions + 1 // the last slot is the bias
  const w = new Float64Array(dim)
  const m = new Float64Array(dim)
  const v = new Float64Array(dim)
  const grad = new Float64Array(dim)
  for (let step = 1; step <= options.iterations; step++) {
    grad.fill(0)
    rows.forEach((row, i) => {
      const label = examples[i]?.label ?? 0
      let z = w[dimensions] as number
      for (let d = 0; d < dimensions; d++) z += (w[d] as number) * (row[d] as number)
      const g = ((sigmoid(z) - label) * classWeight(label)) / n
      for (let d = 0; d < dimensions; d++) grad[d] = (grad[d] as number) + g * (row[d] as number)
      grad[dimensions] = (grad[dimensions] as number) + g
    })
    for (let d = 0; d < dimensions; d++)
      grad[d] = (grad[d] as number) + options.l2 * (w[d] as number)
    adamStep(w, m, v, grad, step, options.learningRate)
  }
  // Back to the raw inputs, so run time scores a vector without standardising it.
  let bias = w[dimensions] as number
  const weights: Record<string, number> = {}
  for (let d = 0; d < dimensions; d++) {
    const raw = (w[d] as number) / (scale[d] as number)
    bias -= raw * (mean[d] as number)
    const rounded = roundTo(raw, options.decimals)
    if (rounded !== 0) weights[d] = rounded
  }
  return { bias: roundTo(bias, options.decimals), weights }
}

function adamStep(
  w: Float64Array,
  m: Float64Array,
  v: Float64Array,
  grad: Float64Array,
  step: number,
  learningRate: number,
): void {
  const beta1 = 0.9
  const beta2 = 0.999
  const c1 = 1 - beta1 ** step
  const c2 = 1 - beta2 ** step
  for (let j = 0; j < w.length; j++) {
    const gj = grad[j] as number
    m[j] = beta1 * (m[j] as number) + (1 - beta1) * gj
    v[j] = beta2 * (v[j] as number) + (1 - beta2) * gj * gj
    w[j] =
      (w[j] as number) -
      (learningRate * ((m[j] as number) / c1)) / (Math.sqrt((v[j] as number) / c2) + 1e-8)
  }
}
