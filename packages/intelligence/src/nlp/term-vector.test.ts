import { describe, expect, it } from 'vitest'
import { normaliseInPlace, normalised } from './term-vector.js'

describe('normaliseInPlace', () => {
  it('gives exactly what normalised() gives, in the same order, in the same map', () => {
    const vector = new Map([
      ['s:price', 1],
      ['c:money', 1.5],
      ['s:budget', 2],
    ])
    const expected = normalised(vector)
    const result = normaliseInPlace(vector)
    expect(result).toBe(vector)
    expect([...result]).toEqual([...expected])
  })

  it('leaves an empty or all-zero vector as it is', () => {
    expect([...normaliseInPlace(new Map())]).toEqual([])
    expect([...normaliseInPlace(new Map([['s:price', 0]]))]).toEqual([['s:price', 0]])
  })
})
