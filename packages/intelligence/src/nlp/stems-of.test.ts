import { describe, expect, it } from 'vitest'
import type { AnalysedSentence } from './analysed-sentence.js'
import { plainSentence } from '../test-support/analysed-text.js'
import { stemsOf } from './stems-of.js'
import { wordsOf } from './words.js'

// A buyer's sentence with no words, only these stems.
function sentence(stems: string[]): AnalysedSentence {
  return plainSentence('', { speaker: 'Buyer', role: 'buyer', stems, stemWords: wordsOf(stems) })
}

describe('stemsOf', () => {
  it('lists the stems of every sentence in order', () => {
    const turn = [sentence(['price', 'high']), sentence([]), sentence(['budget'])]
    expect(stemsOf(turn)).toEqual(['price', 'high', 'budget'])
  })

  it('gives a single sentence its own list and no sentences none', () => {
    const only = sentence(['contract'])
    expect(stemsOf([only])).toBe(only.stems)
    expect(stemsOf([])).toEqual([])
  })
})
