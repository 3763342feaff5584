import { describe, expect, it } from 'vitest'
import {
  closeDateBounds,
  dealListQuery,
  dealStaleness,
  hasActiveFilters,
  knownDealFilters,
  periodOf,
} from './deal-filters'

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

describe('periodOf', () => {
  it('reads dates without a period as custom dates, and bounds the deals by them', () => {
    const dates = { startDate: '2027-01-01', endDate: '2027-01-31' }
    expect(periodOf(dates, today)).toEqual({ period: 'custom', ...dates })
    expect(closeDateBounds(dates, today)).toEqual({ gte: '2027-01-01', lte: '2027-01-31' })
  })

  it('works a preset’s dates out afresh, and all time has none', () => {
    expect(
      periodOf({ period: 'yesterday', startDate: '2026-01-20', endDate: '2026-01-20' }, today),
    ).toEqual({ period: 'yesterday', startDate: '2026-03-17', endDate: '2026-03-17' })
    expect(periodOf({ period: 'allTime', startDate: '2026-01-20' }, today)).toEqual({
      period: 'allTime',
      startDate: undefined,
      endDate: undefined,
    })
    expect(periodOf({}, today)).toEqual({})
  })
})

describe('knownDealFilters', () => {
  it('drops stages not of the pipeline, an owner who is none and unknown statuses', () => {
    const filters = { stages: ['s1', 'x'], owner: 'gone', statuses: ['won', 'zzz'] }
    expect(knownDealFilters(filters, { stageIds: ['s1'], ownerIds: ['u1'] }, today)).toEqual({
      stages: ['s1'],
      owner: undefined,
      statuses: ['won'],
    })
    expect(knownDealFilters({ stages: ['x'], statuses: ['zzz'] }, { stageIds: ['s1'] })).toEqual({
      stages: undefined,
      owner: undefined,
      statuses: undefined,
    })
    // Owners not known (yet): the owner stays.
    expect(knownDealFilters({ owner: 'u2' }, { stageIds: [] }).owner).toBe('u2')
  })
})

describe('staleness filter', () => {
  it('keeps the levels the server knows, in their order, and asks with staleness.in', () => {
    expect(
      knownDealFilters({ staleness: ['stale', 'zzz', 'active'] }, { stageIds: [] }).staleness,
    ).toEqual(['active', 'stale'])
    expect(knownDealFilters({ staleness: ['zzz'] }, { stageIds: [] }).staleness).toBeUndefined()
    const query = dealListQuery('p1', { staleness: ['cooling', 'nonsense', 'active'] }, today)
    expect(Object.fromEntries(query)).toEqual({
      pipelineId: 'p1',
      'staleness.in': 'active,cooling',
    })
    expect(Object.fromEntries(dealListQuery('p1', { staleness: [] }, today))).toEqual({
      pipelineId: 'p1',
    })
    expect(hasActiveFilters({ staleness: ['stale'] })).toBe(true)
    expect(hasActiveFilters({ staleness: ['zzz'] })).toBe(false)
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
