import { describe, expect, it } from 'vitest'
import type { Engagement } from '@dealcoach/contracts/intelligence'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { unitFeatures } from './objection-features.js'
import { objectionUnits } from './objection-units.js'
import { typeFeatures } from './type-features.js'

const EMAIL: Engagement = {
  id: 'm1',
  type: 'email',
  name: 'Re: proposal',
  occurred_at: '2026-03-04T09:00:00Z',
  direction: 'inbound',
  from: 'bea@buyer.example',
  body: 'Thanks for the proposal.\n\nThe price is well above our budget for this year.',
}

describe('type features', () => {
  const text = analyseEngagements([EMAIL])
  const unit = objectionUnits(text).find((u) => /price/.test(u.sentences[0]?.text ?? ''))
  const detector = unit ? unitFeatures(text, unit) : new Set<string>()
  const features = unit ? [...typeFeatures(unit, detector)] : []

  it('leaves out where an e-mail sentence sits and what kind of unit it is', () => {
    expect(unit?.kind).toBe('sentence')
    expect([...detector].some((f) => /^(u|sp|spp):/.test(f))).toBe(true)
    expect(features.filter((f) => /^(u|sp|spp):/.test(f))).toEqual([])
  })

  it('leaves out the words in a negation’s scope, keeping them as plain words', () => {
    const negatedText = analyseEngagements([
      { ...EMAIL, body: 'We do not have the budget for this.' },
    ])
    const [negated] = objectionUnits(negatedText)
    const own = negated ? unitFeatures(negatedText, negated) : new Set<string>()
    const typed = negated ? [...typeFeatures(negated, own)] : []
    expect(own.has('n:budget')).toBe(true)
    expect(typed.filter((f) => f.startsWith('n:'))).toEqual([])
    expect(typed).toContain('w:budget')
  })

  it('keeps the words and the type vocabulary of the sentence', () => {
    expect(features).toContain('w:price')
    expect(features.some((f) => f.startsWith('kv1:price_budget#'))).toBe(true)
  })

  it('names the kinds of quantity the objection holds, not bare counts', () => {
    const quantityText = analyseEngagements([
      {
        ...EMAIL,
        body: 'We have 12 people and can spend $5,000 at most, on a three year term from March.',
      },
    ])
    const [quantities] = objectionUnits(quantityText)
    const typed = quantities
      ? [...typeFeatures(quantities, unitFeatures(quantityText, quantities))]
      : []
    expect(typed.filter((f) => f.startsWith('tq:')).sort()).toEqual([
      'tq:DATE',
      'tq:DURATION',
      'tq:MONEY',
    ])
    const plainText = analyseEngagements([
      { ...EMAIL, body: 'We do not have the budget for this.' },
    ])
    const [plain] = objectionUnits(plainText)
    const plainTyped = plain ? [...typeFeatures(plain, unitFeatures(plainText, plain))] : []
    expect(plainTyped).toContain('w:budget')
    expect(plainTyped.filter((f) => f.startsWith('tq:'))).toEqual([])
  })
})
