import { describe, expect, it } from 'vitest'
import { moveItem } from './move-item'

describe('moveItem', () => {
  it('moves an entry up, down and to either end', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c'])
    expect(moveItem(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'c', 'b'])
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a'])
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
  })

  it('clamps the target and ignores an unknown source, never changing the input', () => {
    const items = ['a', 'b', 'c'] as const
    expect(moveItem(items, 0, -1)).toEqual(['a', 'b', 'c'])
    expect(moveItem(items, 2, 9)).toEqual(['a', 'b', 'c'])
    expect(moveItem(items, -1, 0)).toEqual(['a', 'b', 'c'])
    expect(moveItem(items, 5, 0)).toEqual(['a', 'b', 'c'])
    expect(items).toEqual(['a', 'b', 'c'])
  })
})
