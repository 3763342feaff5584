// Words (and stems) as objects of their own, one per distinct text: each has an id no other
// word ever gets, so per-word values derived elsewhere (a model's feature id for the word, its
// membership of a word list) can be kept in small tables keyed by that id instead of being
// looked up by the word's text, for every token of every turn. A word's text is the same
// string object wherever the word is used.
let nextId = 0

export class Word {
  // Unique for the life of the process (counted up, never reused; exact well beyond any
  // number of words a process meets).
  readonly id = nextId++
  // Bits of the word lists this word was tested against and of those it is in (WordList).
  tested = 0
  member = 0

  constructor(readonly text: string) {}
}

// The word for each text. Conversation vocabulary is small, so the table stays small; it is
// emptied if a process meets an unusually large one. A word made before that stays valid
// where it is held (its id is still its own); the same text then gets a second word.
const words = new Map<string, Word>()
const WORD_LIMIT = 100_000

export function wordOf(text: string): Word {
  let word = words.get(text)
  if (word === undefined) {
    if (words.size >= WORD_LIMIT) words.clear()
    word = new Word(text)
    words.set(text, word)
  }
  return word
}

// The words of a list of texts, in order.
export function wordsOf(texts: readonly string[]): Word[] {
  return texts.map(wordOf)
}

let listsMade = 0
const MAX_LISTS = 31

// A fixed list of words ("not", "never", ...) tested word by word: a word remembers, in one
// bit per list, whether it is in it, so each word's text is looked up once per list.
export class WordList {
  private readonly bit: number

  constructor(private readonly texts: ReadonlySet<string>) {
    if (listsMade >= MAX_LISTS) throw new Error('too many word lists')
    this.bit = 1 << listsMade++
  }

  has(word: Word): boolean {
    if ((word.tested & this.bit) === 0) {
      word.tested |= this.bit
      if (this.texts.has(word.text)) word.member |= this.bit
    }
    return (word.member & this.bit) !== 0
  }
}

// A value per word, kept by the word's id in a table of fixed size: a word's slot is its id
// modulo the size, and the slot remembers whose value it holds (ids are never reused), so two
// words sharing a slot only cost working the value out again. Bounded whatever the
// vocabulary.
const SLOTS = 8192

export class WordTable<T> {
  private readonly owners = new Float64Array(SLOTS).fill(-1)
  private readonly values: T[]

  constructor(empty: T) {
    this.values = new Array<T>(SLOTS).fill(empty)
  }

  has(word: Word): boolean {
    return this.owners[word.id & (SLOTS - 1)] === word.id
  }

  // The value kept for the word (`has` first).
  value(word: Word): T {
    return this.values[word.id & (SLOTS - 1)] as T
  }

  set(word: Word, value: T): T {
    const slot = word.id & (SLOTS - 1)
    this.owners[slot] = word.id
    this.values[slot] = value
    return value
  }
}

// A whole number per word (a feature id), kept as WordTable keeps values; -2 for none kept.
export const NOT_KEPT = -2

export class WordNumbers {
  private readonly owners = new Float64Array(SLOTS).fill(-1)
  private readonly numbers = new Int32Array(SLOTS)

  get(word: Word): number {
    const slot = word.id & (SLOTS - 1)
    return this.owners[slot] === word.id ? (this.numbers[slot] as number) : NOT_KEPT
  }

  set(word: Word, value: number): number {
    const slot = word.id & (SLOTS - 1)
    this.owners[slot] = word.id
    this.numbers[slot] = value
    return value
  }
}

// A whole number per pair of words, kept the same way: a pair's slot mixes both ids, and the
// slot remembers both.
const PAIR_SLOTS = 16384

export class WordPairNumbers {
  private readonly firsts = new Float64Array(PAIR_SLOTS).fill(-1)
  private readonly seconds = new Float64Array(PAIR_SLOTS).fill(-1)
  private readonly numbers = new Int32Array(PAIR_SLOTS)

  private slotOf(first: Word, second: Word): number {
    return (Math.imul(first.id, 0x9e3779b1) ^ second.id) & (PAIR_SLOTS - 1)
  }

  get(first: Word, second: Word): number {
    const slot = this.slotOf(first, second)
    return this.firsts[slot] === first.id && this.seconds[slot] === second.id
      ? (this.numbers[slot] as number)
      : NOT_KEPT
  }

  set(first: Word, second: Word, value: number): number {
    const slot = this.slotOf(first, second)
    this.firsts[slot] = first.id
    this.seconds[slot] = second.id
    this.numbers[slot] = value
    return value
  }
}
