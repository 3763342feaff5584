import { useEffect } from 'react'
import { ErrorPage } from '@/components/layout/error-page'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import {
  currentPipeline,
  useCurrentPipeline,
  useCurrentPipelineStore,
} from '@/stores/current-pipeline'
import { useDashboardUrlSync, type WriteDashboardSearch } from '../hooks/use-dashboard-url-sync'
import { type DashboardSearch, knownStages } from '../stores/dashboard-filters'
import { useDashboardFilters } from '../stores/dashboard-filters-store'
import { DashboardView } from './dashboard-view'

/**
 * The dashboard below its header: the filters kept in step with the URL (spec §2), and the view
 * of the pipeline shown, or the no-pipelines page when there is none.
 */
export function DashboardScreen({
  search,
  writeSearch,
  addDeal,
}: {
  /** The URL's filters as dashboard_* values. */
  search: DashboardSearch
  writeSearch: WriteDashboardSearch
  addDeal: React.ReactElement
}) {
  const pipelines = usePipelines()
  const loaded = pipelines.data?.models
  useDashboardUrlSync(search, writeSearch, loaded)
  const models = loaded ?? []
  const pipeline = useCurrentPipeline(models)
  const chosen = useDashboardFilters((state) => state.currentPipelineId)

  const stages = useDashboardFilters((state) => state.selectedStages)

  // The pipeline shown goes into the filters, so that a shared URL shows the same one, and the
  // stages that are not its own go out of them. The URL sync does so as it reads a URL; this keeps
  // it so when the pipelines change under the page (one deactivated, a stage removed). Worked out
  // afresh rather than taken from this render: the URL sync above runs first and may just have
  // chosen the URL's pipeline, which this render's `pipeline` (what was stored) does not know yet.
  useEffect(() => {
    if (!loaded) return
    const shown = currentPipeline(loaded, useCurrentPipelineStore.getState().pipelineId)
    if (!shown) return
    const filters = useDashboardFilters.getState()
    const stageIds = shown.stages.map((stage) => stage.stage_id)
    // Not a change of pipeline (which resets the stages) but the one shown filled in: a link's
    // stages without a pipeline are the shown pipeline's when it has them.
    if (filters.currentPipelineId !== shown.id) {
      const selectedStages = knownStages(filters.selectedStages, stageIds)
      filters.replace({ ...filters, currentPipelineId: shown.id, selectedStages })
    } else filters.keepStagesOf(stageIds)
  }, [loaded, pipeline, chosen, stages])

  if (pipelines.isSuccess && !pipeline) return <ErrorPage variant="no-pipelines" />
  if (!pipeline) return null
  return <DashboardView pipelines={models} pipeline={pipeline} addDeal={addDeal} />
}
