import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { Period } from '@/lib/dates/periods'
import { useCurrentPipelineStore } from '@/stores/current-pipeline'
import {
  DEFAULT_DASHBOARD_FILTERS,
  type DashboardFilters,
  type DashboardTab,
  knownStages,
  knownStatuses,
  selectPeriod,
  selectPipeline,
  toggleStage,
} from './dashboard-filters'

/** Spec §2: the filters are also kept in browser storage under this name. */
export const DASHBOARD_FILTERS_STORAGE = 'dashboard-filters-storage'

interface DashboardFiltersActions {
  /** Chooses the app-wide current pipeline, which the filters follow. */
  setPipeline: (pipelineId: string | null) => void
  toggleStage: (stage: string) => void
  /** Drops the selected stages that are not among `stageIds`, the pipeline shown's. */
  keepStagesOf: (stageIds: readonly string[]) => void
  setSearchInput: (value: string) => void
  setPeriod: (period: Period) => void
  setCustomDates: (start: string | null, end: string | null) => void
  setOwner: (ownerId: string | null) => void
  setStatuses: (statuses: string[]) => void
  setActiveTab: (tab: DashboardTab) => void
  replace: (filters: DashboardFilters) => void
  reset: () => void
}

const currentPipelineStore = () => useCurrentPipelineStore.getState()

export const useDashboardFilters = create<DashboardFilters & DashboardFiltersActions>()(
  persist(
    (set) => ({
      ...DEFAULT_DASHBOARD_FILTERS,
      setPipeline: (pipelineId) => currentPipelineStore().setPipelineId(pipelineId),
      toggleStage: (stage) =>
        set((state) => ({ selectedStages: toggleStage(state.selectedStages, stage) })),
      keepStagesOf: (stageIds) =>
        set((state) => {
          const kept = knownStages(state.selectedStages, stageIds)
          const same =
            kept.length === state.selectedStages.length &&
            kept.every((stage, index) => stage === state.selectedStages[index])
          return same ? state : { selectedStages: kept }
        }),
      setSearchInput: (searchInput) => set({ searchInput }),
      setPeriod: (period) => set((state) => selectPeriod(state, period)),
      setCustomDates: (customStartDate, customEndDate) =>
        set({ selectedPeriod: 'custom', customStartDate, customEndDate }),
      setOwner: (ownerId) => set({ ownerId }),
      setStatuses: (selectedStatuses) => set({ selectedStatuses }),
      setActiveTab: (activeTab) => set({ activeTab }),
      // The pipeline first: following it resets the stages, which `filters` then sets.
      replace: (filters) => {
        currentPipelineStore().setPipelineId(filters.currentPipelineId)
        set(filters)
      },
      // Back to the first active pipeline too, in case the chosen one is what failed.
      reset: () => {
        currentPipelineStore().setPipelineId(null)
        set(DEFAULT_DASHBOARD_FILTERS)
      },
    }),
    {
      name: DASHBOARD_FILTERS_STORAGE,
      storage: createJSONStorage(() => localStorage),
      // What was stored is read as the URL is: statuses a deal cannot have are dropped.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<DashboardFilters>
        const statuses = Array.isArray(stored.selectedStatuses) ? stored.selectedStatuses : []
        return { ...current, ...stored, selectedStatuses: knownStatuses(statuses) }
      },
      partialize: (state): DashboardFilters => ({
        currentPipelineId: state.currentPipelineId,
        selectedStages: state.selectedStages,
        searchInput: state.searchInput,
        selectedPeriod: state.selectedPeriod,
        customStartDate: state.customStartDate,
        customEndDate: state.customEndDate,
        ownerId: state.ownerId,
        selectedStatuses: state.selectedStatuses,
        activeTab: state.activeTab,
      }),
    },
  ),
)

/**
 * The pipeline is chosen app-wide (the header's picker, stores/current-pipeline); the filters keep
 * it for the URL and storage (spec §2, §3) and reset the stages to All when it changes (spec §4).
 * Checked once on load too: the choice may have changed on another page before this module loaded.
 */
function followCurrentPipeline(pipelineId: string | null) {
  if (useDashboardFilters.getState().currentPipelineId === pipelineId) return
  useDashboardFilters.setState((state) => selectPipeline(state, pipelineId))
}

followCurrentPipeline(currentPipelineStore().pipelineId)
useCurrentPipelineStore.subscribe((state) => followCurrentPipeline(state.pipelineId))
