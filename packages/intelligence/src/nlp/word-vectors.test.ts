import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  addSentenceVector,
  committedWordVectors,
  decodeWordVectors,
  encodeWordVectors,
  normaliseDense,
  WORD_VECTORS_FILE_URL,
} from './word-vectors.js'

const dot = (a: Float64Array, b: Float64Array): number =>
  a.reduce((s, x, d) => s + x * (b[d] ?? 0), 0)

describe('encodeWordVectors / decodeWordVectors', () => {
  const bytes = encodeWordVectors(
    ['price', 'cost', 'lawyer'],
    [
      [0.9, 0.1, -0.2],
      [0.8, 0.2, -0.1],
      [-0.1, -0.7, 0.6],
    ],
    3,
  )

  it('packs two components to a byte after the word list', () => {
    expect(bytes.length).toBe('price\ncost\nlawyer\0'.length + Math.ceil((3 * 3) / 2))
  })

  it('gives each word back as a unit vector pointing the same way', () => {
    const table = decodeWordVectors(bytes)
    expect(table.dimensions).toBe(3)
    const price = table.vectorOf('price') as Float64Array
    expect(dot(price, price)).toBeCloseTo(1, 9)
    expect(dot(price, table.vectorOf('cost') as Float64Array)).toBeGreaterThan(0.95)
    expect(dot(price, table.vectorOf('lawyer') as Float64Array)).toBeLessThan(0)
    expect(table.vectorOf('unknown')).toBeUndefined()
  })
})

describe('addSentenceVector', () => {
  const table = decodeWordVectors(
    encodeWordVectors(
      ['price', 'cost'],
      [
        [1, 0],
        [0, 1],
      ],
      2,
    ),
  )

  it('adds a sentence as one unit vector times its weight, whatever its length', () => {
    const target = new Float64Array(2)
    addSentenceVector(table, target, ['the', 'price', 'price', 'price', 'cost'], 2)
    expect(Math.hypot(...target)).toBeCloseTo(2, 9)
    expect(target[0]).toBeGreaterThan(target[1] as number)
  })

  it('adds nothing for a sentence without a known word', () => {
    const target = new Float64Array(2)
    addSentenceVector(table, target, ['hello', 'there'], 1)
    expect([...normaliseDense(target)]).toEqual([0, 0])
  })
})

describe('the committed table', () => {
  it('holds general English words, synonyms close together', () => {
    const table = committedWordVectors()
    expect(readFileSync(WORD_VECTORS_FILE_URL).length).toBeLessThan(700 * 1024)
    const expensive = table.vectorOf('expensive') as Float64Array
    expect(dot(expensive, table.vectorOf('costly') as Float64Array)).toBeGreaterThan(
      dot(expensive, table.vectorOf('lawyers') as Float64Array),
    )
    expect(table.vectorOf('the')).toBeUndefined()
  })
})
