import { describe, expect, it } from 'vitest'
import { analyseEngagements } from './analyse-engagements.js'
import { PatternPrefilter } from './pattern-prefilter.js'
import { scanGroup, scanText, sentenceScan } from './sentence-scan.js'
import { call } from '../test-support/deal-builders.js'

describe('sentence scans', () => {
  const first = scanGroup([/\bprice\b/, /\bbudget (?:is|was) gone\b/])
  const texts = ['the price is high', 'our budget is gone', 'nothing here']

  it('flags what each group’s own prefilter flags', () => {
    const own = new PatternPrefilter(first.patterns)
    for (const text of texts) {
      const scan = scanText(text)
      const flags = own.candidates(text)
      first.patterns.forEach((_, k) => expect(first.mightMatch(scan, k)).toBe(flags[k] === 1))
    }
  })

  it('scans a sentence again once another group is added', () => {
    const [sentence] = analyseEngagements([
      call('e1', [['buyer', 'The contract term is long.']]),
    ]).sentences
    if (!sentence) throw new Error('no sentence')
    const before = sentenceScan(sentence)
    const later = scanGroup([/\bcontract\b/])
    const after = sentenceScan(sentence)
    expect(after).not.toBe(before)
    expect(later.matches(after, 0, sentence.norm)).toBe(true)
    expect(sentenceScan(sentence)).toBe(after)
  })
})
