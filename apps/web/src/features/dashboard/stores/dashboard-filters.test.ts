import { describe, expect, it } from 'vitest'
import {
  ALL_STAGES,
  DEFAULT_DASHBOARD_FILTERS,
  filtersFromUrl,
  filtersToSearch,
  knownStages,
  mergeSearchIntoFilters,
  selectPeriod,
  selectPipeline,
  toggleStage,
} from './dashboard-filters'

describe('toggleStage (spec §4)', () => {
  it('choosing All Stages selects only it', () => {
    expect(toggleStage(['a', 'b'], ALL_STAGES)).toEqual([ALL_STAGES])
  })
  it('choosing a stage while All is selected replaces it', () => {
    expect(toggleStage([ALL_STAGES], 'a')).toEqual(['a'])
  })
  it('adds another stage and removes a selected one', () => {
    expect(toggleStage(['a'], 'b')).toEqual(['a', 'b'])
    expect(toggleStage(['a', 'b'], 'a')).toEqual(['b'])
  })
  it('removing the last stage falls back to All Stages', () => {
    expect(toggleStage(['a'], 'a')).toEqual([ALL_STAGES])
  })
})

describe('knownStages', () => {
  it('keeps the stages of the pipeline shown, else All Stages', () => {
    expect(knownStages(['s1', 'x', 's2'], ['s1', 's2', 's3'])).toEqual(['s1', 's2'])
    expect(knownStages(['x'], ['s1'])).toEqual([ALL_STAGES])
    expect(knownStages([ALL_STAGES], ['s1'])).toEqual([ALL_STAGES])
  })
})

describe('pipeline and period changes', () => {
  it('changing pipeline resets the stages to All', () => {
    const filters = {
      ...DEFAULT_DASHBOARD_FILTERS,
      currentPipelineId: 'p1',
      selectedStages: ['s1'],
    }
    expect(selectPipeline(filters, 'p2')).toMatchObject({
      currentPipelineId: 'p2',
      selectedStages: [ALL_STAGES],
    })
  })
  it('a preset period fills the custom dates; custom keeps them', () => {
    const today = new Date(2026, 10, 22)
    const monthly = selectPeriod(DEFAULT_DASHBOARD_FILTERS, 'thisMonth', today)
    expect(monthly).toMatchObject({
      selectedPeriod: 'thisMonth',
      customStartDate: '2026-11-01',
      customEndDate: '2026-11-30',
    })
    const manual = { ...monthly, customStartDate: '2026-01-05', customEndDate: '2026-02-01' }
    expect(selectPeriod(manual, 'custom', today)).toMatchObject({
      customStartDate: '2026-01-05',
      customEndDate: '2026-02-01',
    })
  })
})

describe('URL search params (spec §2)', () => {
  it('writes dashboard_* keys with comma lists, and the tab only when not actions', () => {
    const filters = {
      ...DEFAULT_DASHBOARD_FILTERS,
      currentPipelineId: 'p1',
      selectedStages: ['s1', 's2'],
      selectedStatuses: ['open', 'won'],
      searchInput: 'acme',
    }
    expect(filtersToSearch(filters)).toEqual({
      dashboard_pipeline: 'p1',
      dashboard_stages: 's1,s2',
      dashboard_statuses: 'open,won',
      dashboard_search: 'acme',
    })
    expect(filtersToSearch({ ...filters, activeTab: 'progress' })).toMatchObject({
      dashboard_tab: 'progress',
    })
  })

  it('URL values win over the stored filters', () => {
    const stored = { ...DEFAULT_DASHBOARD_FILTERS, currentPipelineId: 'stored', searchInput: 'old' }
    const merged = mergeSearchIntoFilters(stored, {
      dashboard_pipeline: 'from-url',
      dashboard_stages: 'x,y',
      dashboard_tab: 'progress',
      dashboard_period: 'not-a-period',
    })
    expect(merged).toMatchObject({
      currentPipelineId: 'from-url',
      selectedStages: ['x', 'y'],
      searchInput: 'old',
      activeTab: 'progress',
      selectedPeriod: 'allTime',
    })
  })

  it('drops statuses a deal cannot have, from the URL and from what was stored', () => {
    const stored = { ...DEFAULT_DASHBOARD_FILTERS, selectedStatuses: ['lost', 'zzz'] }
    expect(mergeSearchIntoFilters(stored, { dashboard_statuses: 'zzz' }).selectedStatuses).toEqual([
      'lost',
    ])
    expect(
      mergeSearchIntoFilters(stored, { dashboard_statuses: 'won,zzz,open' }).selectedStatuses,
    ).toEqual(['open', 'won'])
  })

  it('a period from the URL brings its own dates, never the stored ones (spec §4)', () => {
    const today = new Date(2026, 10, 22)
    const stored = selectPeriod(DEFAULT_DASHBOARD_FILTERS, 'thisMonth', today)
    expect(mergeSearchIntoFilters(stored, { dashboard_period: 'thisYear' }, today)).toMatchObject({
      selectedPeriod: 'thisYear',
      customStartDate: '2026-01-01',
      customEndDate: '2026-12-31',
    })
    expect(mergeSearchIntoFilters(stored, { dashboard_period: 'allTime' }, today)).toMatchObject({
      selectedPeriod: 'allTime',
      customStartDate: null,
      customEndDate: null,
    })
  })

  it("a stored preset period is worked out for today's date", () => {
    const stored = selectPeriod(DEFAULT_DASHBOARD_FILTERS, 'thisMonth', new Date(2026, 9, 5))
    expect(mergeSearchIntoFilters(stored, {}, new Date(2026, 10, 22))).toMatchObject({
      selectedPeriod: 'thisMonth',
      customStartDate: '2026-11-01',
      customEndDate: '2026-11-30',
    })
  })

  it('dates in the URL without a period are custom dates; custom keeps them', () => {
    const today = new Date(2026, 10, 22)
    const stored = selectPeriod(DEFAULT_DASHBOARD_FILTERS, 'thisMonth', today)
    const dates = { dashboard_startDate: '2026-02-01', dashboard_endDate: '2026-03-15' }
    const expected = {
      selectedPeriod: 'custom',
      customStartDate: '2026-02-01',
      customEndDate: '2026-03-15',
    }
    expect(mergeSearchIntoFilters(stored, dates, today)).toMatchObject(expected)
    expect(
      mergeSearchIntoFilters(stored, { ...dates, dashboard_period: 'custom' }, today),
    ).toMatchObject(expected)
  })
})

describe('filtersFromUrl (spec §2)', () => {
  const today = new Date(2026, 10, 22)
  const pipelines = [
    { id: 'p1', active: true, stages: [{ stage_id: 's1' }, { stage_id: 's2' }] },
    { id: 'p2', active: true, stages: [{ stage_id: 't1' }] },
    { id: 'old', active: false, stages: [{ stage_id: 'o1' }] },
  ]
  const stored = {
    ...selectPeriod(DEFAULT_DASHBOARD_FILTERS, 'thisMonth', today),
    currentPipelineId: 'p2',
    searchInput: 'acme',
    ownerId: 'u1',
    activeTab: 'progress' as const,
  }

  it('reads a URL naming any filter as naming them all: what it leaves out is the default', () => {
    expect(filtersFromUrl(stored, { dashboard_statuses: 'won' }, pipelines, today)).toEqual({
      ...DEFAULT_DASHBOARD_FILTERS,
      currentPipelineId: 'p2',
      selectedStatuses: ['won'],
    })
  })

  it('takes the stored filters for a URL naming none, the preset worked out for today', () => {
    expect(filtersFromUrl(stored, {}, pipelines, today)).toEqual(stored)
  })

  it('keeps the chosen pipeline for one the user cannot see, drops its stages and others’', () => {
    const read = (search: Record<string, string>) =>
      filtersFromUrl(stored, search, pipelines, today)
    expect(read({ dashboard_pipeline: 'old', dashboard_stages: 'o1' })).toMatchObject({
      currentPipelineId: 'p2',
      selectedStages: [ALL_STAGES],
    })
    expect(read({ dashboard_pipeline: 'p1', dashboard_stages: 's2,t1' })).toMatchObject({
      currentPipelineId: 'p1',
      selectedStages: ['s2'],
    })
    // None chosen: the first active pipeline is shown, and named.
    expect(
      filtersFromUrl(DEFAULT_DASHBOARD_FILTERS, { dashboard_tab: 'progress' }, pipelines, today),
    ).toMatchObject({ currentPipelineId: 'p1', activeTab: 'progress' })
  })
})
