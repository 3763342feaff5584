import { describe, expect, it } from 'vitest'
import { shareLoad } from './bench-http.js'

describe('the load shared out over the server processes', () => {
  it('gives each its share of the connections, as evenly as whole connections allow', () => {
    expect(shareLoad(50, undefined, 2)).toEqual([{ connections: 25 }, { connections: 25 }])
    expect(shareLoad(5, undefined, 2)).toEqual([{ connections: 3 }, { connections: 2 }])
    expect(shareLoad(50, undefined, 1)).toEqual([{ connections: 50 }])
  })

  it('offers each server the rate in proportion to its connections', () => {
    const shares = shareLoad(5, 300, 2)
    expect(shares).toEqual([
      { connections: 3, rate: 180 },
      { connections: 2, rate: 120 },
    ])
    expect(shares.reduce((sum, share) => sum + (share.rate ?? 0), 0)).toBe(300)
  })

  it('sends one connection to the first server alone', () => {
    expect(shareLoad(1, undefined, 2)).toEqual([{ connections: 1 }])
  })
})
