import { describe, expect, it } from 'vitest'
import { RESISTANCE_CUES, RESISTANCE_SUPPRESSORS } from '../objections/resistance-cues.js'
import { PatternPrefilter, requiredLiterals } from './pattern-prefilter.js'

function sorted(list: readonly string[] | null): string[] | null {
  return list ? [...list].sort() : null
}

describe('requiredLiterals', () => {
  it('lists the alternatives of a plain alternation', () => {
    expect(sorted(requiredLiterals(/\b(?:too|very) (?:high|steep)\b/))).toEqual([
      'too high',
      'too steep',
      'very high',
      'very steep',
    ])
  })

  it('keeps an optional part as both spellings', () => {
    expect(sorted(requiredLiterals(/deal-?breaker/))).toEqual(['deal-breaker', 'dealbreaker'])
  })

  it('falls back to the strongest fixed run around a wildcard', () => {
    expect(requiredLiterals(/\bnever heard (?:\w+ ){0,3}of us\b/)).toEqual(['never heard '])
    expect(requiredLiterals(/\bcost\w* too much\b/)).toEqual([' too much'])
  })

  it('requires one of the alternatives of a repeated group', () => {
    expect(sorted(requiredLiterals(/(?:ab|cd)+x*/))).toEqual(['ab', 'cd'])
  })

  it('lets lookarounds and anchors match nothing of their own', () => {
    expect(requiredLiterals(/^(?<!x )no(?= way)\b/)).toEqual(['no'])
  })

  it('knows nothing when a branch can be anything or the pattern is case-blind', () => {
    expect(requiredLiterals(/price|\w+/)).toBeNull()
    expect(requiredLiterals(/a*/)).toBeNull()
    expect(requiredLiterals(/price/i)).toBeNull()
    expect(requiredLiterals(/(?<name>price)/)).toBeNull()
    expect(requiredLiterals(/(a)\1/)).toBeNull()
  })
})

describe('PatternPrefilter', () => {
  const patterns = [/\btoo (?:expensive|pricey)\b/, /\bbudget\b/, /\w+/, /\bno(?:pe)?\b/]
  const filter = new PatternPrefilter(patterns)

  it('rules out the patterns whose literals are absent and keeps the rest', () => {
    expect([...filter.candidates('that is too pricey for us')]).toEqual([1, 0, 1, 0])
    expect([...filter.candidates('the budget is gone')]).toEqual([0, 1, 1, 0])
    expect([...filter.candidates('nope')]).toEqual([0, 0, 1, 1])
  })

  it('says which patterns match, running only the candidates', () => {
    // "the budgets" holds the literal "budget" (a candidate) but not the word (no match).
    expect([...filter.matches('that is too pricey for us')]).toEqual([1, 0, 1, 0])
    expect([...filter.matches('the budgets are gone')]).toEqual([0, 0, 1, 0])
    expect([...filter.candidates('the budgets are gone')]).toEqual([0, 1, 1, 0])
  })

  it('finds literals that overlap or follow a partial match', () => {
    const overlapping = new PatternPrefilter([/abcd/, /bcx/, /cab/])
    expect([...overlapping.candidates('abcx')]).toEqual([0, 1, 0])
    expect([...overlapping.candidates('ccabcd')]).toEqual([1, 0, 1])
  })

  it('restarts after characters no literal holds', () => {
    const filter2 = new PatternPrefilter([/too much/])
    expect([...filter2.candidates('too\u2019much')]).toEqual([0])
    expect([...filter2.candidates('é too much')]).toEqual([1])
  })

  it('handles more patterns than one 32-bit word', () => {
    const many = Array.from({ length: 40 }, (_, i) => new RegExp(`\\bword${i}x\\b`))
    const flags = new PatternPrefilter(many).candidates('word37x and word3x')
    expect([...flags].flatMap((f, i) => (f ? [i] : []))).toEqual([3, 37])
  })

  it('never rules out a resistance cue that matches', () => {
    const all = [...RESISTANCE_CUES, ...RESISTANCE_SUPPRESSORS].map((c) => c.pattern)
    const lexicon = new PatternPrefilter(all)
    const sentences = [
      'honestly the price is way too expensive for a team our size',
      'i would have to run this by my boss before we sign',
      'we already use another tool and people are happy with it',
      'not sure we can take this on before the summer',
      'hmmm i do not know , maybe next quarter',
      'nope',
      'cost is not really the issue , it is the time to implement',
      'sounds good , but how do i know they are legit ?',
      'how about 90 dollars ? would that work for you',
      'nobody i know has ever heard of you',
    ]
    for (const sentence of sentences) {
      const flags = lexicon.candidates(sentence)
      all.forEach((pattern, i) => {
        if (pattern.test(sentence)) expect(flags[i], `${pattern.source} on "${sentence}"`).toBe(1)
      })
    }
    // And it is a filter: an ordinary sentence rules most patterns out.
    const ordinary = lexicon.candidates('the managers check the dashboard every morning')
    expect(ordinary.reduce((a, b) => a + b, 0)).toBeLessThan(all.length / 2)
  })
})
