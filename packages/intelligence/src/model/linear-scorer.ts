import type { FeatureNames } from '../nlp/feature-names.js'
import type { FeatureSink } from '../nlp/feature-sink.js'
import type { LinearModel } from './logistic-regression.js'

const NONE = -1

// A linear model's score of a feature stream, summed as the features arrive: the same sum,
// in the same order, as `linearScore(model, set)` over the set the stream would make, with
// no feature name built. Each weighted feature gets an integer id when the model is first
// used; terms are looked up per tag ("w:" -> "price" -> id), word pairs per first and second
// word, and a stamp per id keeps a repeated feature from counting twice, as a set would.
// Features without a weight add nothing (a set's sum would add 0 for them).
export class LinearScorer implements FeatureSink {
  private readonly ids = new Map<string, number>()
  private readonly weights: Float64Array
  private readonly stamps: Uint32Array
  // By the table's serial.
  private readonly terms: (Map<string, number> | undefined)[] = []
  private readonly pairs: (Map<string, Map<string, number>> | undefined)[] = []
  private stamp = 0
  private sum = 0

  constructor(private readonly model: LinearModel) {
    const names = Object.keys(model.weights)
    this.weights = new Float64Array(names.length)
    this.stamps = new Uint32Array(names.length)
    names.forEach((name, id) => {
      this.ids.set(name, id)
      this.weights[id] = model.weights[name] ?? 0
    })
  }

  // Starts a new score at the model's bias.
  start(): this {
    this.stamp++
    if (this.stamp === 0xffffffff) {
      this.stamps.fill(0)
      this.stamp = 1
    }
    this.sum = this.model.bias
    return this
  }

  get score(): number {
    return this.sum
  }

  name(feature: string): void {
    this.add(this.ids.get(feature) ?? NONE)
  }

  term(table: FeatureNames, term: string): void {
    this.add(this.termIds(table).get(term) ?? NONE)
  }

  pair(table: FeatureNames, first: string, second: string): void {
    const seconds = this.pairIds(table).get(first)
    if (seconds) this.add(seconds.get(second) ?? NONE)
  }

  private add(id: number): void {
    if (id === NONE || this.stamps[id] === this.stamp) return
    this.stamps[id] = this.stamp
    this.sum += this.weights[id] as number
  }

  // Every weighted name that starts with the tag, by the rest of the name: exactly the terms
  // whose `tag + term` has a weight.
  private termIds(table: FeatureNames): Map<string, number> {
    let ids = this.terms[table.serial]
    if (!ids) {
      ids = new Map()
      for (const [name, id] of this.ids) {
        if (name.startsWith(table.tag)) ids.set(name.slice(table.tag.length), id)
      }
      this.terms[table.serial] = ids
    }
    return ids
  }

  // Pair names split at their first space: words never hold one (they are split on spaces).
  private pairIds(table: FeatureNames): Map<string, Map<string, number>> {
    let ids = this.pairs[table.serial]
    if (!ids) {
      ids = new Map()
      for (const [term, id] of this.termIds(table)) {
        const space = term.indexOf(' ')
        if (space < 0) continue
        const first = term.slice(0, space)
        let seconds = ids.get(first)
        if (!seconds) {
          seconds = new Map()
          ids.set(first, seconds)
        }
        seconds.set(term.slice(space + 1), id)
      }
      this.pairs[table.serial] = ids
    }
    return ids
  }
}

const scorers = new WeakMap<LinearModel, LinearScorer>()

// One scorer per model, built on first use and kept while the model is.
export function linearScorer(model: LinearModel): LinearScorer {
  let scorer = scorers.get(model)
  if (!scorer) {
    scorer = new LinearScorer(model)
    scorers.set(model, scorer)
  }
  return scorer
}
