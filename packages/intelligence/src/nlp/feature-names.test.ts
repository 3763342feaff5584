import { describe, expect, it } from 'vitest'
import { featureNames, FeatureNames } from './feature-names.js'

describe('FeatureNames', () => {
  it('names a term by its tag and hands out the same string each time', () => {
    const words = new FeatureNames('w:')
    expect(words.of('price')).toBe('w:price')
    expect(words.of('price')).toBe(words.of(['pri', 'ce'].join('')))
    expect(words.of('budget')).toBe('w:budget')
  })

  it('names a word pair with a space between the words', () => {
    const pairs = new FeatureNames('b:')
    expect(pairs.pair('too', 'expensive')).toBe('b:too expensive')
    expect(pairs.pair('too', 'busy')).toBe('b:too busy')
    expect(pairs.pair('too', 'expensive')).toBe('b:too expensive')
  })

  it('keeps tags apart: the same term under two tags gives two names', () => {
    expect(featureNames('s:').of('cost')).toBe('s:cost')
    expect(featureNames('ns:').of('cost')).toBe('ns:cost')
    expect(featureNames('s:')).toBe(featureNames('s:'))
  })

  it('still names terms correctly after a very large vocabulary empties its table', () => {
    const words = new FeatureNames('w:')
    for (let i = 0; i < 100_005; i++) words.of(`t${i}`)
    expect(words.of('t3')).toBe('w:t3')
    expect(words.of('price')).toBe('w:price')
  })
})
