import { describe, expect, it } from 'vitest'
import { oncePerObject } from './once-per-object.js'

describe('oncePerObject', () => {
  it('builds once per object and answers the same value after', () => {
    let builds = 0
    const sizeOf = oncePerObject((list: readonly number[]) => {
      builds++
      return { size: list.length }
    })
    const a = [1, 2, 3]
    const first = sizeOf(a)
    expect(sizeOf(a)).toBe(first)
    expect(first).toEqual({ size: 3 })
    expect(sizeOf([4])).toEqual({ size: 1 })
    expect(builds).toBe(2)
  })
})
