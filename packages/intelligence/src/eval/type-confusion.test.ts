import { describe, expect, it } from 'vitest'
import { formatTypeConfusion, typeConfusion } from './type-confusion.js'

const PAIRS = [
  { label: 'price_budget', predicted: 'price_budget' },
  { label: 'price_budget', predicted: 'contract_terms' },
  { label: 'need_fit', predicted: 'trust_risk' },
  { label: 'need_fit', predicted: 'trust_risk' },
  { label: 'need_fit', predicted: 'need_fit' },
  { label: 'timing_priority', predicted: 'timing_priority' },
]

describe('type confusion', () => {
  it('counts each labelled type’s hits and ranks the weakest first', () => {
    expect(typeConfusion(PAIRS).byLabel).toEqual([
      { type: 'need_fit', correct: 1, total: 3 },
      { type: 'price_budget', correct: 1, total: 2 },
      { type: 'timing_priority', correct: 1, total: 1 },
    ])
  })

  it('ranks the mix-ups by how often they happen', () => {
    expect(typeConfusion(PAIRS).mistakes).toEqual([
      { label: 'need_fit', predicted: 'trust_risk', count: 2 },
      { label: 'price_budget', predicted: 'contract_terms', count: 1 },
    ])
  })

  it('prints only the mix-ups seen more than the given number of times', () => {
    const text = formatTypeConfusion(typeConfusion(PAIRS), 1)
    expect(text).toContain('need_fit         1/3')
    expect(text).toContain('2  need_fit -> trust_risk')
    expect(text).not.toContain('contract_terms')
  })

  it('says nothing about mix-ups when every type was right', () => {
    const text = formatTypeConfusion(typeConfusion([{ label: 'a', predicted: 'a' }]))
    expect(text).toBe('  type accuracy by labelled type\n    a  1/1')
  })
})
