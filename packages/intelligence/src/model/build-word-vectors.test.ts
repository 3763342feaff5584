import { describe, expect, it } from 'vitest'
import { decodeWordVectors } from '../nlp/word-vectors.js'
import { buildWordVectors, type EmbeddingSource } from './build-word-vectors.js'

// The package's layout: components, then the norm and the rank.
const SOURCE: EmbeddingSource = {
  dimensions: 2,
  words: ['the', ',', 'budget', 'covid19', 'price', 'lawyer'],
  vectors: {
    the: [1, 0, 1, 0],
    ',': [0, 1, 1, 1],
    budget: [0.6, 0.8, 1, 2],
    covid19: [1, 1, 1.4, 3],
    price: [0.8, 0.6, 1, 4],
    lawyer: [-0.6, 0.8, 1, 5],
  },
}

describe('buildWordVectors', () => {
  it('keeps the most frequent plain content words, without the norm and rank', () => {
    const table = decodeWordVectors(buildWordVectors(SOURCE, 2))
    expect(table.dimensions).toBe(2)
    expect(table.vectorOf('budget')).toBeDefined()
    expect(table.vectorOf('price')).toBeDefined()
    for (const word of ['the', ',', 'covid19', 'lawyer'])
      expect(table.vectorOf(word)).toBeUndefined()
  })

  it('gives the same bytes from the same source', () => {
    expect(buildWordVectors(SOURCE)).toEqual(buildWordVectors(SOURCE))
  })
})
