import { describe, expect, it } from 'vitest'
import { ALL_STAGES, DEFAULT_DASHBOARD_FILTERS } from '../stores/dashboard-filters'
import { activityWindow, dealFilterParams, statsFiltersOf } from './stats-filters'

const pipeline = { id: 'p1', stages: [{ stage_id: 's1' }, { stage_id: 's2' }] }
const today = new Date(2026, 2, 31) // Tuesday 31 March 2026

describe('statsFiltersOf', () => {
  it('sends no stage for All Stages, and drops stages of another pipeline', () => {
    expect(statsFiltersOf(DEFAULT_DASHBOARD_FILTERS, pipeline, today).stageIds).toEqual([])
    const filters = { ...DEFAULT_DASHBOARD_FILTERS, selectedStages: ['s2', 'gone', ALL_STAGES] }
    expect(statsFiltersOf(filters, pipeline, today).stageIds).toEqual(['s2'])
  })

  it('reads a preset period around today, custom dates as typed, and all time as open', () => {
    const month = { ...DEFAULT_DASHBOARD_FILTERS, selectedPeriod: 'this_month' as const }
    expect(statsFiltersOf(month, pipeline, today)).toMatchObject({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    })
    const custom = {
      ...DEFAULT_DASHBOARD_FILTERS,
      selectedPeriod: 'custom' as const,
      customStartDate: '2026-02-10',
      customEndDate: '2026-01-05',
    }
    // Typed the wrong way round (a hand-edited URL): no range, rather than the days between them.
    expect(statsFiltersOf(custom, pipeline, today)).toMatchObject({
      startDate: null,
      endDate: null,
    })
    expect(statsFiltersOf(DEFAULT_DASHBOARD_FILTERS, pipeline, today)).toMatchObject({
      startDate: null,
      endDate: null,
    })
  })

  it('keeps only known statuses and trims the search', () => {
    const filters = {
      ...DEFAULT_DASHBOARD_FILTERS,
      selectedStatuses: ['won', 'bogus'],
      searchInput: '  acme ',
      ownerId: 'u1',
    }
    const params = dealFilterParams(statsFiltersOf(filters, pipeline, today))
    expect(params.toString()).toBe('pipelineId=p1&ownerId=u1&statuses=won&searchQuery=acme')
  })
})

describe('activityWindow', () => {
  it('reads an open period as the year up to today', () => {
    expect(activityWindow({ startDate: null, endDate: null }, today)).toEqual({
      startDate: '2025-03-31',
      endDate: '2026-03-31',
      clipped: true,
    })
  })

  it('keeps a short period and clips a long one to its last 366 days', () => {
    expect(activityWindow({ startDate: '2026-03-01', endDate: '2026-03-31' }, today)).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      clipped: false,
    })
    expect(activityWindow({ startDate: '2020-01-01', endDate: '2026-03-31' }, today)).toEqual({
      startDate: '2025-03-31',
      endDate: '2026-03-31',
      clipped: true,
    })
  })
})
