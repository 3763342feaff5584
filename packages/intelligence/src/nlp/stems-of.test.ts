import { describe, expect, it } from 'vitest'
import type { AnalysedSentence } from './analysed-sentence.js'
import { stemsOf } from './stems-of.js'
import { wordsOf } from './words.js'

function sentence(stems: string[]): AnalysedSentence {
  return {
    index: 0,
    engagementIndex: 0,
    turnIndex: 0,
    utteranceIndex: 0,
    paragraphIndex: 0,
    speaker: 'Buyer',
    role: 'buyer',
    text: '',
    norm: '',
    tokens: [],
    tokenWords: [],
    stems,
    stemWords: wordsOf(stems),
    entityTypes: [],
    isQuestion: false,
    segmented: false,
  }
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
