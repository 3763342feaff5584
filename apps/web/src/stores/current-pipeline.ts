import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

// The pipeline the user works in: chosen in the header, read by the dashboard, the reports and
// the deal screens alike, so it is app-wide state rather than one feature's.

export const CURRENT_PIPELINE_STORAGE = 'current-pipeline-storage'

interface CurrentPipelineState {
  /** The chosen pipeline's id; null until the user picks one (the first active one shows). */
  pipelineId: string | null
  setPipelineId: (pipelineId: string | null) => void
}

export const useCurrentPipelineStore = create<CurrentPipelineState>()(
  persist(
    (set) => ({
      pipelineId: null,
      setPipelineId: (pipelineId) => set({ pipelineId }),
    }),
    {
      name: CURRENT_PIPELINE_STORAGE,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ pipelineId: state.pipelineId }),
    },
  ),
)

/** The pipeline shown: the chosen one while it is active, else the first active one. */
export function currentPipeline<P extends { id: string; active: boolean }>(
  pipelines: P[],
  currentPipelineId: string | null,
): P | undefined {
  const active = pipelines.filter((pipeline) => pipeline.active)
  return active.find((pipeline) => pipeline.id === currentPipelineId) ?? active[0]
}

/** The current pipeline among `pipelines` (see currentPipeline). */
export function useCurrentPipeline<P extends { id: string; active: boolean }>(
  pipelines: P[],
): P | undefined {
  const pipelineId = useCurrentPipelineStore((state) => state.pipelineId)
  return currentPipeline(pipelines, pipelineId)
}
