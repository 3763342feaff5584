import { describe, expect, it } from 'vitest'
import { closeDateBounds, dealListQuery, dealStaleness, hasActiveFilters } from './deal-filters'

const today = new Date(2026, 2, 18) // Wednesday 18 March 2026

describe('closeDateBounds', () => {
  it('works a preset out afresh from today', () => {
    expect(closeDateBounds({ period: 'thisMonth', startDate: '2025-01-01' }, today)).toEqual({
      gte: '2026-03-01',
      lte: '2026-03-31',
    })
  })

  it('keeps custom dates as typed, and all time has none', () => {
    expect(closeDateBounds({ period: 'custom', startDate: '2026-03-02' }, today)).toEqual({
      gte: '2026-03-02',
      lte: undefined,
    })
    expect(closeDateBounds({ period: 'allTime' }, today)).toEqual({})
    expect(closeDateBounds({}, today)).toEqual({})
  })

  it('has no bounds for custom dates that run backwards (the period filter applies none)', () => {
    const reversed = { period: 'custom', startDate: '2026-03-20', endDate: '2026-03-02' } as const
    expect(closeDateBounds(reversed, today)).toEqual({})
    expect(closeDateBounds({ ...reversed, endDate: '2026-03-20' }, today)).toEqual({
      gte: '2026-03-20',
      lte: '2026-03-20',
    })
  })
})

describe('dealListQuery', () => {
  it('spells the filters as spec §7 names them, leaving out what is blank or unknown', () => {
    const query = dealListQuery(
      'p1',
      {
        stages: ['s1', 's2'],
        owner: 'u1',
        statuses: ['won', 'nonsense'],
        searchQuery: 'acme',
        period: 'custom',
        endDate: '2026-04-30',
      },
      today,
    )
    expect(Object.fromEntries(query)).toEqual({
      pipelineId: 'p1',
      stageIds: 's1,s2',
      ownerId: 'u1',
      closeDateLte: '2026-04-30',
      statuses: 'won',
      searchQuery: 'acme',
    })
  })
})

describe('hasActiveFilters', () => {
  it('is false for all stages, all time and no other filter', () => {
    expect(hasActiveFilters({ period: 'allTime', statuses: [] })).toBe(false)
    expect(hasActiveFilters({ statuses: ['lost'] })).toBe(true)
    expect(hasActiveFilters({ period: 'nextYear' })).toBe(true)
  })
})

describe('dealStaleness', () => {
  const now = new Date('2026-03-18T12:00:00Z')
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()

  it('is active up to 7 days, cooling up to 21, stale after or without activity', () => {
    expect(dealStaleness({ last_activity_at: daysAgo(7) }, now)).toBe('active')
    expect(dealStaleness({ last_activity_at: daysAgo(8) }, now)).toBe('cooling')
    expect(dealStaleness({ last_activity_at: daysAgo(21) }, now)).toBe('cooling')
    expect(dealStaleness({ last_activity_at: daysAgo(22) }, now)).toBe('stale')
    expect(dealStaleness({ last_activity_at: null }, now)).toBe('stale')
  })
})
