import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isolate } from '@/lib/bidi'
import { useConfidenceExplanations } from './confidence-explanations'

describe('useConfidenceExplanations', () => {
  const { result } = renderHook(() => useConfidenceExplanations())

  it('says a factor from its name and values, with the plural the count needs', () => {
    const recency = (count: number) =>
      result.current.factorText({
        name: 'activity_recency',
        effect: -20,
        detail: 'Last activity 61 days ago.',
        params: { count },
      })
    expect(recency(61)).toBe('Last activity 61 days ago.')
    expect(recency(1)).toBe('Last activity 1 day ago.')
    expect(recency(0)).toBe('Last activity today.')
  })

  it('says a risk warning from its code, quoting the buyer as they spoke, in their direction', () => {
    expect(
      result.current.riskText({
        code: 'unhandled_objection',
        severity: 'high',
        message: 'x',
        params: { type: 'Price / budget', quote: 'It costs too much.' },
      }),
    ).toBe(`${isolate('Price / budget')} not handled: “${isolate('It costs too much.')}”`)
    expect(
      result.current.riskText({
        code: 'single_threaded',
        severity: 'medium',
        message: 'x',
        params: { count: 0 },
      }),
    ).toBe('No buyer contact engaged yet.')
  })

  describe('an open deal read on a later day', () => {
    afterEach(() => vi.useRealTimers())

    it('counts its days from the day they run from, not from when it was analysed', () => {
      vi.useFakeTimers({ now: new Date('2026-03-20T08:00:00Z'), toFake: ['Date'] })
      const since = '2026-03-01T10:00:00.000Z'
      expect(
        result.current.factorText({
          name: 'activity_recency',
          effect: 5,
          detail: 'Last activity 3 days ago.',
          params: { count: 3, since },
        }),
      ).toBe('Last activity 18 days ago.')
      expect(
        result.current.riskText({
          code: 'stalled_in_stage',
          severity: 'medium',
          message: 'In the current stage for 46 days.',
          params: { count: 46, since: '2026-01-10T00:00:00.000Z' },
        }),
      ).toBe('In the current stage for 69 days.')
    })
  })

  it('keeps the stored sentence of an analysis made before factors carried their values', () => {
    expect(
      result.current.factorText({ name: 'solution_fit', effect: 3, detail: 'Solution fit 7/12.' }),
    ).toBe('Solution fit 7/12.')
  })

  it('lays out the engine’s English sentence by its own direction, a translated one by the page’s', () => {
    const stored = { name: 'solution_fit', effect: 3, detail: 'Solution fit 7/12.' }
    expect(result.current.factorDir(stored)).toBe('auto')
    expect(result.current.factorDir({ ...stored, params: { total: 7, tier: 2 } })).toBeUndefined()
    const warning = { code: 'unhandled_objection', severity: 'high', message: 'x' } as const
    expect(result.current.riskDir(warning)).toBe('auto')
    // A translated warning may start with a type's English name: the page's direction holds.
    expect(
      result.current.riskDir({ ...warning, params: { type: 'Price', quote: 'Too much?' } }),
    ).toBeUndefined()
  })
})
