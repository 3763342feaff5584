import { describe, expect, it } from 'vitest'
import { tokensOfWords, wordTokens } from './word-tokens.js'

describe('wordTokens', () => {
  it('drops punctuation, folds digits and expands bare contractions', () => {
    expect(wordTokens('we dont have $ 12,000 for it .')).toEqual([
      'we',
      'do',
      'not',
      'have',
      '9,9',
      'for',
      'it',
    ])
  })

  it('takes words that name object properties as plain words', () => {
    expect(wordTokens('the constructor tostring valueof hasownproperty')).toEqual([
      'the',
      'constructor',
      'tostring',
      'valueof',
      'hasownproperty',
    ])
  })

  it('hands back the word list itself when no word is dropped, folded or expanded', () => {
    const words = ['that', 'is', 'too', 'steep']
    expect(tokensOfWords(words)).toBe(words)
    expect(tokensOfWords(['we', 'dont', 'have', '12', '.'])).toEqual([
      'we',
      'do',
      'not',
      'have',
      '9',
    ])
  })
})
