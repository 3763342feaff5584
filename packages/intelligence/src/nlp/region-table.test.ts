import { describe, expect, it } from 'vitest'
import { RegionTable } from './region-table.js'

describe('RegionTable', () => {
  it('finds a key by a stretch of a longer text, as it grows and once emptied', () => {
    const table = new RegionTable<number>(3000)
    const words = Array.from({ length: 2500 }, (_, i) => `w${i.toString(36)}x`)
    words.forEach((word, i) => table.set(word, i))
    const text = ` ${words.join(' ')} `
    let at = 1
    words.forEach((word, i) => {
      expect(table.get(text, at, at + word.length)).toBe(i)
      at += word.length + 1
    })
    expect(table.get('zzz w0 zzz', 0, 3)).toBeUndefined()
    table.set('w0x', -1)
    expect(table.size).toBe(2500)
    expect(table.get(text, 1, 4)).toBe(-1)
    for (let i = 0; i < 600; i++) table.set(`more${i}`, i)
    // Full at 3,000 keys: emptied, then the key that did not fit is kept.
    expect(table.size).toBe(100)
    expect(table.get(text, 1, 4)).toBeUndefined()
  })
})
