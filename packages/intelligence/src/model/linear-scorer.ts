import type { FeatureNames } from '../nlp/feature-names.js'
import type { FeatureSink } from '../nlp/feature-sink.js'
import type { Word } from '../nlp/words.js'
import { FeatureIndex, SentOnce } from './feature-index.js'
import type { LinearModel } from './logistic-regression.js'
import { oncePerObject } from '../text/once-per-object.js'

// A linear model's score of a feature stream, summed as the features arrive: the same sum,
// in the same order, as `linearScore(model, set)` over the set the stream would make, with
// no feature name built. Each weighted feature gets an integer id when the model is first
// used (model/feature-index.ts), and each counts once per score, as in a set. Features
// without a weight add nothing (a set's sum would add 0 for them).
export class LinearScorer implements FeatureSink {
  private readonly index: FeatureIndex
  private readonly weights: Float64Array
  private readonly sent: SentOnce
  private sum = 0

  constructor(private readonly model: LinearModel) {
    this.index = new FeatureIndex(Object.keys(model.weights))
    this.weights = Float64Array.from(this.index.names, (name) => model.weights[name] ?? 0)
    this.sent = new SentOnce(this.index.size)
  }

  // Starts a new score at the model's bias.
  start(): this {
    this.sent.start()
    this.sum = this.model.bias
    return this
  }

  get score(): number {
    return this.sum
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

  word(table: FeatureNames, word: Word): void {
    this.add(this.index.wordId(table, word))
  }

  wordPair(table: FeatureNames, first: Word, second: Word): void {
    this.add(this.index.wordPairId(table, first, second))
  }

  private add(id: number): void {
    if (this.sent.first(id)) this.sum += this.weights[id] as number
  }
}

// One scorer per model, built on first use and kept while the model is.
export const linearScorer = oncePerObject((model: LinearModel) => new LinearScorer(model))
