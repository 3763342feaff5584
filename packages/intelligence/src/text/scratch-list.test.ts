import { describe, expect, it } from 'vitest'
import { ScratchList } from './scratch-list.js'

describe('ScratchList', () => {
  it('holds what was pushed since it was last cleared, and copies it', () => {
    const list = new ScratchList<string>()
    for (const word of ['a', 'b', 'c']) list.push(word)
    list.clear()
    list.push('d')
    list.set(0, 'e')
    expect(list.length).toBe(1)
    expect(list.at(0)).toBe('e')
    expect(list.copy()).toEqual(['e'])
  })
})
