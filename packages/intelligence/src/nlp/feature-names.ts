import { WordTable, type Word } from './words.js'

// Feature names ("w:price", "b:too expensive", "s:budget") are built for every token of
// every buyer turn and then looked up in sets and in the models' weight maps. Building each
// one anew cost a string allocation per token and a fresh hash per lookup; handing out one
// shared string per name removes both (a shared string keeps its hash once computed).
// Conversation vocabulary is small, so a table stays small; it is emptied if a process ever
// meets an unusually large one, like the stem cache.
const NAMES_PER_TAG = 100_000

let tablesMade = 0

export class FeatureNames {
  // A number of its own per table, so per-table data elsewhere sits in an array slot.
  readonly serial = tablesMade++
  private readonly names = new Map<string, string>()
  private readonly pairs = new Map<string, Map<string, string>>()
  private pairCount = 0
  private byWord: WordTable<string> | undefined

  constructor(readonly tag: string) {}

  // `tag + term`, the same string object every time.
  of(term: string): string {
    let name = this.names.get(term)
    if (name === undefined) {
      if (this.names.size >= NAMES_PER_TAG) this.names.clear()
      name = this.tag + term
      this.names.set(term, name)
    }
    return name
  }

  // `tag + word.text`, kept by the word's id.
  ofWord(word: Word): string {
    this.byWord ??= new WordTable<string>('')
    const byWord = this.byWord
    if (byWord.has(word)) return byWord.value(word)
    return byWord.set(word, this.of(word.text))
  }

  // `tag + first + " " + second` (a word pair), shared the same way.
  pair(first: string, second: string): string {
    let seconds = this.pairs.get(first)
    if (!seconds) {
      if (this.pairCount >= NAMES_PER_TAG) {
        this.pairs.clear()
        this.pairCount = 0
      }
      seconds = new Map()
      this.pairs.set(first, seconds)
    }
    let name = seconds.get(second)
    if (name === undefined) {
      name = `${this.tag}${first} ${second}`
      seconds.set(second, name)
      this.pairCount++
    }
    return name
  }
}

const tables = new Map<string, FeatureNames>()

// The one table of names for a tag ("w:", "nw:", ...); callers keep it rather than asking
// per token.
export function featureNames(tag: string): FeatureNames {
  let table = tables.get(tag)
  if (!table) {
    table = new FeatureNames(tag)
    tables.set(tag, table)
  }
  return table
}
