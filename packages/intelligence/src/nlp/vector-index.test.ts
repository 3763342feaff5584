import { describe, expect, it } from 'vitest'
import { dot, normalised } from './term-vector.js'
import { buildVectorIndex } from './vector-index.js'

describe('buildVectorIndex', () => {
  it('scores a query against every vector like a dot product would', () => {
    const vectors = [
      normalised(
        new Map([
          ['s:price', 2],
          ['c:money', 1],
        ]),
      ),
      normalised(
        new Map([
          ['s:contract', 1],
          ['c:contract', 1],
        ]),
      ),
    ]
    const query = normalised(
      new Map([
        ['s:price', 1],
        ['c:money', 1],
        ['s:other', 1],
      ]),
    )
    const scores = buildVectorIndex(vectors).scores(query)
    expect([...scores]).toEqual(vectors.map((v) => dot(v, query)))
    expect(scores[1]).toBe(0)
  })

  it('starts every query from zero although it hands back the same array', () => {
    const index = buildVectorIndex([new Map([['s:price', 1]])])
    expect([...index.scores(new Map([['s:price', 0.5]]))]).toEqual([0.5])
    expect([...index.scores(new Map([['s:other', 1]]))]).toEqual([0])
  })
})
