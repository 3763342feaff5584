import type { FeatureNames } from './feature-names.js'
import type { Word } from './words.js'

// Where a feature extractor sends its features. Detection walks every buyer unit of a deal
// but only needs its score, which `LinearScorer` (model/linear-scorer.ts) sums straight from
// the terms without building a name per feature; the named set is built only for the few
// units that are explained, typed or trained on. One extractor feeds both, so the score and
// the named features can never disagree.
export interface FeatureSink {
  // A whole feature name ("q", "l:m", "pos:2").
  name(feature: string): void
  // `table.tag + term` ("w:" + "price").
  term(table: FeatureNames, term: string): void
  // `table.tag + first + " " + second` (a word pair).
  pair(table: FeatureNames, first: string, second: string): void
  // `term` and `pair` for words (nlp/words.ts): the same features, which a scorer can look up
  // by the word's id instead of its text.
  word(table: FeatureNames, word: Word): void
  wordPair(table: FeatureNames, first: Word, second: Word): void
}

// The named features, in the order they were first sent.
export class FeatureSet implements FeatureSink {
  readonly features = new Set<string>()

  name(feature: string): void {
    this.features.add(feature)
  }

  term(table: FeatureNames, term: string): void {
    this.features.add(table.of(term))
  }

  pair(table: FeatureNames, first: string, second: string): void {
    this.features.add(table.pair(first, second))
  }

  word(table: FeatureNames, word: Word): void {
    this.features.add(table.of(word.text))
  }

  wordPair(table: FeatureNames, first: Word, second: Word): void {
    this.features.add(table.pair(first.text, second.text))
  }
}
