import type { FeatureNames } from '../nlp/feature-names.js'
import type { FeatureSink } from '../nlp/feature-sink.js'
import type { Word } from '../nlp/words.js'
import type { ObjectionFeatureIndex } from './objection-feature-index.js'

// A feature sink that turns every feature sent to it into its id in the objection models' one
// id space, and hands the id to `add`: what the detector and the type priors each do with it is
// all that differs between them.
export abstract class IdFeatureSink implements FeatureSink {
  constructor(readonly features: ObjectionFeatureIndex) {}

  protected abstract add(id: number): void

  name(feature: string): void {
    this.add(this.features.index.id(feature))
  }

  term(table: FeatureNames, term: string): void {
    this.add(this.features.index.termId(table, term))
  }

  pair(table: FeatureNames, first: string, second: string): void {
    this.add(this.features.index.pairId(table, first, second))
  }

  word(table: FeatureNames, word: Word): void {
    this.add(this.features.index.wordId(table, word))
  }

  wordPair(table: FeatureNames, first: Word, second: Word): void {
    this.add(this.features.index.wordPairId(table, first, second))
  }
}
