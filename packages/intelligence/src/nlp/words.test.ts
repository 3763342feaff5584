import { describe, expect, it } from 'vitest'
import { Word, WordList, wordOf, wordsOf } from './words.js'

describe('words', () => {
  it('gives one word per text, each with an id of its own', () => {
    expect(wordOf('price')).toBe(wordOf('price'))
    expect(wordsOf(['price', 'budget']).map((w) => w.text)).toEqual(['price', 'budget'])
    expect(new Word('price').id).not.toBe(wordOf('price').id)
  })

  it('tells whether a word is in a list, each list apart', () => {
    const negators = new WordList(new Set(['not', 'never']))
    const ifs = new WordList(new Set(['if']))
    for (const round of [1, 2]) {
      expect(negators.has(wordOf('not'))).toBe(true)
      expect(negators.has(wordOf('if'))).toBe(false)
      expect(ifs.has(wordOf('if'))).toBe(true)
      expect(ifs.has(wordOf('not'))).toBe(false)
      void round
    }
  })
})
