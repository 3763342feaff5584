import { useEffect, useRef } from 'react'
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
  pipelines: readonly P[],
  currentPipelineId: string | null,
): P | undefined {
  const active = pipelines.filter((pipeline) => pipeline.active)
  return active.find((pipeline) => pipeline.id === currentPipelineId) ?? active[0]
}

/** The current pipeline among `pipelines` (see currentPipeline). */
export function useCurrentPipeline<P extends { id: string; active: boolean }>(
  pipelines: readonly P[],
): P | undefined {
  const pipelineId = useCurrentPipelineStore((state) => state.pipelineId)
  return currentPipeline(pipelines, pipelineId)
}

/**
 * Makes the pipeline of what the page shows (a deal: `subject`) the current one, so that the
 * header's picker and the lists reached from the page agree with it. Once each time a subject is
 * shown, with its pipeline loaded among `pipelines`: a pipeline then picked in the header stays
 * picked, and a pipeline the picker does not list (inactive) is not followed. Following is a
 * change of pipeline like any other, so the dashboard's stages go back to All (spec §4); when the
 * subject's pipeline is already the one shown, nothing changes.
 */
export function useFollowPipeline(
  pipelines: readonly { id: string; active: boolean }[] | undefined,
  subject: { id: string; pipeline_id: string } | undefined,
) {
  const setPipelineId = useCurrentPipelineStore((state) => state.setPipelineId)
  const followed = useRef<string | null>(null)
  const pipelineId = subject?.pipeline_id
  const key = subject ? `${subject.id}:${subject.pipeline_id}` : null
  const listed = pipelines?.some((pipeline) => pipeline.active && pipeline.id === pipelineId)
  useEffect(() => {
    if (!pipelines || !pipelineId || !listed || key === followed.current) return
    followed.current = key
    const shown = currentPipeline(pipelines, useCurrentPipelineStore.getState().pipelineId)
    if (shown?.id !== pipelineId) setPipelineId(pipelineId)
  }, [pipelines, pipelineId, listed, key, setPipelineId])
}
