import { describe, expect, it } from 'vitest'
import { foldsOf } from '../model/training-data.js'
import { fnv1a, splitFolds } from './fold-splits.js'

const ITEMS = Array.from({ length: 23 }, (_, i) => ({ id: `case-${String(i).padStart(3, '0')}` }))

function ids(folds: { id: string }[][]): string[][] {
  return folds.map((fold) => fold.map((item) => item.id))
}

describe('fold splits', () => {
  it('keeps split 0 as the folds the eval has always used', () => {
    expect(ids(splitFolds(ITEMS, 5, 0))).toEqual(ids(foldsOf(ITEMS, 5)))
  })

  it('deals every case once into k folds of near-equal size on any split', () => {
    for (const split of [1, 2, 7]) {
      const folds = splitFolds(ITEMS, 5, split)
      expect(folds).toHaveLength(5)
      expect(
        folds
          .flat()
          .map((item) => item.id)
          .sort(),
      ).toEqual(ITEMS.map((item) => item.id))
      const sizes = folds.map((fold) => fold.length)
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
    }
  })

  it('gives other splits other folds, the same ones on every run and in any input order', () => {
    const one = ids(splitFolds(ITEMS, 5, 1))
    expect(one).not.toEqual(ids(splitFolds(ITEMS, 5, 0)))
    expect(one).not.toEqual(ids(splitFolds(ITEMS, 5, 2)))
    expect(ids(splitFolds([...ITEMS].reverse(), 5, 1))).toEqual(one)
  })

  it('hashes text with 32-bit FNV-1a', () => {
    expect(fnv1a('')).toBe(0x811c9dc5)
    expect(fnv1a('a')).toBe(0xe40c292c)
    expect(fnv1a('foobar')).toBe(0xbf9cf968)
  })
})
