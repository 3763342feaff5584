import { FeatureIndex, SentOnce } from '../model/feature-index.js'
import type { LinearModel } from '../model/logistic-regression.js'
import type { FeatureNames } from '../nlp/feature-names.js'
import type { FeatureSink } from '../nlp/feature-sink.js'
import { typeRelevant } from './type-features.js'

// The default types' trained priors (one-vs-rest linear models) summed over a stream of type
// features, all types at once: each weighted feature has an integer id and a row of its
// weights for every type, so a feature costs one id lookup and one pass over a short row, with
// no feature name built. The sums are those of adding each distinct feature's weight in the
// order the features are first sent, starting from each type's bias (`typeFeatures` read in
// order). Names typing leaves out of the detector's features get no id: the priors are
// trained without them.
export class TypePriorScorer implements FeatureSink {
  // The types in sorted order; `sums[k]` is the score of `keys[k]`.
  readonly keys: readonly string[]
  readonly sums: Float64Array
  private readonly biases: Float64Array
  private readonly index: FeatureIndex
  // rows[id * width + k]: feature id's weight for type k (0 where the type has none).
  private readonly rows: Float64Array
  private readonly width: number
  private readonly sent: SentOnce

  constructor(types: Readonly<Record<string, LinearModel>>) {
    this.keys = Object.keys(types).sort()
    this.width = this.keys.length
    const names = new Set<string>()
    for (const key of this.keys) {
      for (const name of Object.keys(types[key]?.weights ?? {})) {
        if (typeRelevant(name)) names.add(name)
      }
    }
    this.index = new FeatureIndex([...names])
    this.rows = new Float64Array(this.index.size * this.width)
    this.keys.forEach((key, k) => {
      for (const [name, weight] of Object.entries(types[key]?.weights ?? {})) {
        const id = this.index.id(name)
        if (id >= 0) this.rows[id * this.width + k] = weight
      }
    })
    this.biases = Float64Array.from(this.keys, (key) => types[key]?.bias ?? 0)
    this.sums = new Float64Array(this.width)
    this.sent = new SentOnce(this.index.size)
  }

  // Starts new sums at the types' biases.
  start(): this {
    this.sent.start()
    this.sums.set(this.biases)
    return this
  }

  name(feature: string): void {
    this.add(this.index.id(feature))
  }

  term(table: FeatureNames, term: string): void {
    this.add(this.index.termId(table, term))
  }

  pair(table: FeatureNames, first: string, second: string): void {
    this.add(this.index.pairId(table, first, second))
  }

  private add(id: number): void {
    if (!this.sent.first(id)) return
    const sums = this.sums
    const rows = this.rows
    const at = id * this.width
    for (let k = 0; k < sums.length; k++) sums[k] = (sums[k] as number) + (rows[at + k] as number)
  }
}

const scorers = new WeakMap<Readonly<Record<string, LinearModel>>, TypePriorScorer>()

// One scorer per trained set of priors, built on first use and kept while the model is.
export function typePriorScorer(types: Readonly<Record<string, LinearModel>>): TypePriorScorer {
  let scorer = scorers.get(types)
  if (!scorer) {
    scorer = new TypePriorScorer(types)
    scorers.set(types, scorer)
  }
  return scorer
}
