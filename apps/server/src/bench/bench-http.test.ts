import { describe, expect, it } from 'vitest'
import { shareConnections } from './bench-http.js'

describe('the connections shared out over the server processes', () => {
  it('gives each its share, as evenly as whole connections allow', () => {
    expect(shareConnections(50, 2)).toEqual([25, 25])
    expect(shareConnections(5, 2)).toEqual([3, 2])
    expect(shareConnections(50, 1)).toEqual([50])
  })

  it('sends one connection to the first server alone', () => {
    expect(shareConnections(1, 2)).toEqual([1])
  })
})
