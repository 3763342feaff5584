import { describe, expect, it } from 'vitest'
import { DEFAULT_OBJECTION_TYPES } from './default-objection-types.js'

describe('default objection types', () => {
  it('are the nine types the eval files label, in the eval README order', () => {
    expect(DEFAULT_OBJECTION_TYPES.map((type) => type.key)).toEqual([
      'price_budget',
      'timing_priority',
      'competitor_status_quo',
      'authority_process',
      'need_fit',
      'trust_risk',
      'technical_integration',
      'security_compliance',
      'contract_terms',
    ])
  })

  it('have unique names, a description and examples', () => {
    const names = DEFAULT_OBJECTION_TYPES.map((type) => type.name.toLowerCase())
    expect(new Set(names).size).toBe(names.length)
    for (const type of DEFAULT_OBJECTION_TYPES) {
      expect(type.name.trim(), type.key).not.toBe('')
      expect(type.description, type.key).toMatch(/^[A-Z].{20,}\.$/)
      expect(type.examples.length, type.key).toBeGreaterThanOrEqual(2)
      for (const example of type.examples) expect(example.trim(), type.key).not.toBe('')
      expect(new Set(type.examples).size, type.key).toBe(type.examples.length)
    }
  })
})
