import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import type { Period } from '@/lib/dates/periods'
import {
  DEFAULT_DASHBOARD_FILTERS,
  type DashboardFilters,
  type DashboardTab,
  selectPeriod,
  selectPipeline,
  toggleStage,
} from './dashboard-filters'

/** Spec §2: the filters are also kept in browser storage under this name. */
export const DASHBOARD_FILTERS_STORAGE = 'dashboard-filters-storage'

interface DashboardFiltersActions {
  setPipeline: (pipelineId: string | null) => void
  toggleStage: (stage: string) => void
  setSearchInput: (value: string) => void
  setPeriod: (period: Period) => void
  setCustomDates: (start: string | null, end: string | null) => void
  setOwner: (ownerId: string | null) => void
  setStatuses: (statuses: string[]) => void
  setActiveTab: (tab: DashboardTab) => void
  replace: (filters: DashboardFilters) => void
  reset: () => void
}

export const useDashboardFilters = create<DashboardFilters & DashboardFiltersActions>()(
  persist(
    (set) => ({
      ...DEFAULT_DASHBOARD_FILTERS,
      setPipeline: (pipelineId) => set((state) => selectPipeline(state, pipelineId)),
      toggleStage: (stage) =>
        set((state) => ({ selectedStages: toggleStage(state.selectedStages, stage) })),
      setSearchInput: (searchInput) => set({ searchInput }),
      setPeriod: (period) => set((state) => selectPeriod(state, period)),
      setCustomDates: (customStartDate, customEndDate) =>
        set({ selectedPeriod: 'custom', customStartDate, customEndDate }),
      setOwner: (ownerId) => set({ ownerId }),
      setStatuses: (selectedStatuses) => set({ selectedStatuses }),
      setActiveTab: (activeTab) => set({ activeTab }),
      replace: (filters) => set(filters),
      reset: () => set(DEFAULT_DASHBOARD_FILTERS),
    }),
    {
      name: DASHBOARD_FILTERS_STORAGE,
      storage: createJSONStorage(() => localStorage),
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
