import { afterEach, describe, expect, it } from 'vitest'
import { useCurrentPipelineStore } from '@/stores/current-pipeline'
import { ALL_STAGES, DEFAULT_DASHBOARD_FILTERS } from './dashboard-filters'
import { useDashboardFilters } from './dashboard-filters-store'

describe('the dashboard filters follow the current pipeline (spec §4)', () => {
  afterEach(() => useDashboardFilters.getState().reset())

  it('takes a pipeline chosen app-wide and resets the stages to All', () => {
    useDashboardFilters.getState().toggleStage('s1')
    useCurrentPipelineStore.getState().setPipelineId('p2')
    expect(useDashboardFilters.getState()).toMatchObject({
      currentPipelineId: 'p2',
      selectedStages: [ALL_STAGES],
    })
  })

  it('chooses the app-wide pipeline from its own setPipeline', () => {
    useDashboardFilters.getState().setPipeline('p3')
    expect(useCurrentPipelineStore.getState().pipelineId).toBe('p3')
    expect(useDashboardFilters.getState().currentPipelineId).toBe('p3')
  })

  it('keeps the stages that come with a pipeline from the URL', () => {
    useDashboardFilters
      .getState()
      .replace({ ...DEFAULT_DASHBOARD_FILTERS, currentPipelineId: 'p4', selectedStages: ['s9'] })
    expect(useCurrentPipelineStore.getState().pipelineId).toBe('p4')
    expect(useDashboardFilters.getState().selectedStages).toEqual(['s9'])
  })

  it('clears the chosen pipeline on reset', () => {
    useDashboardFilters.getState().setPipeline('p5')
    useDashboardFilters.getState().reset()
    expect(useCurrentPipelineStore.getState().pipelineId).toBeNull()
    expect(useDashboardFilters.getState().currentPipelineId).toBeNull()
  })
})
