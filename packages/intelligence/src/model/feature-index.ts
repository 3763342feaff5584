import type { FeatureNames } from '../nlp/feature-names.js'
import { NOT_KEPT, WordNumbers, WordPairNumbers, type Word } from '../nlp/words.js'

// No id: the feature has no weight in the model.
export const NO_FEATURE = -1

// Integer ids for the weighted feature names of a model, resolved the way extractors send
// features (nlp/feature-sink.ts): whole names, terms per tag ("w:" -> "price" -> id) and word
// pairs per first and second word, so a score needs no feature name built. Each tag's table
// is made on first use from the names that start with it.
export class FeatureIndex {
  private readonly ids = new Map<string, number>()
  // By the table's serial.
  private readonly terms: (Map<string, number> | undefined)[] = []
  private readonly pairs: (Map<string, Map<string, number>> | undefined)[] = []
  private readonly wordIds: (WordNumbers | undefined)[] = []
  private readonly pairsByWord: (WordPairNumbers | undefined)[] = []

  // The id of each name is its position in the list.
  constructor(readonly names: readonly string[]) {
    names.forEach((name, id) => this.ids.set(name, id))
  }

  get size(): number {
    return this.names.length
  }

  id(feature: string): number {
    return this.ids.get(feature) ?? NO_FEATURE
  }

  termId(table: FeatureNames, term: string): number {
    return this.termIds(table).get(term) ?? NO_FEATURE
  }

  pairId(table: FeatureNames, first: string, second: string): number {
    const seconds = this.pairIds(table).get(first)
    return seconds ? (seconds.get(second) ?? NO_FEATURE) : NO_FEATURE
  }

  // `termId` of a word, kept by the word's id.
  wordId(table: FeatureNames, word: Word): number {
    let cache = this.wordIds[table.serial]
    if (!cache) {
      cache = new WordNumbers()
      this.wordIds[table.serial] = cache
    }
    const kept = cache.get(word)
    return kept !== NOT_KEPT ? kept : cache.set(word, this.termId(table, word.text))
  }

  // `pairId` of two words, kept by the pair's ids.
  wordPairId(table: FeatureNames, first: Word, second: Word): number {
    let cache = this.pairsByWord[table.serial]
    if (!cache) {
      cache = new WordPairNumbers()
      this.pairsByWord[table.serial] = cache
    }
    const kept = cache.get(first, second)
    if (kept !== NOT_KEPT) return kept
    return cache.set(first, second, this.pairId(table, first.text, second.text))
  }

  // Every name that starts with the tag, by the rest of the name: exactly the terms whose
  // `tag + term` has an id.
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

// Which ids a stream of features has sent since `start`: a stamp per id keeps a repeated
// feature from counting twice, as a set of names would, without clearing anything per stream.
export class SentOnce {
  private readonly stamps: Uint32Array
  private stamp = 0

  constructor(size: number) {
    this.stamps = new Uint32Array(size)
  }

  start(): void {
    this.stamp++
    if (this.stamp === 0xffffffff) {
      this.stamps.fill(0)
      this.stamp = 1
    }
  }

  // True the first time a weighted id is sent in this stream.
  first(id: number): boolean {
    if (id === NO_FEATURE || this.stamps[id] === this.stamp) return false
    this.stamps[id] = this.stamp
    return true
  }
}
