import { useEffect } from 'react'
import { ErrorPage } from '@/components/layout/error-page'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import {
  currentPipeline,
  useCurrentPipeline,
  useCurrentPipelineStore,
} from '@/stores/current-pipeline'
import { useDashboardUrlSync } from '../hooks/use-dashboard-url-sync'
import type { DashboardSearch } from '../stores/dashboard-filters'
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
  writeSearch: (next: DashboardSearch) => void
  addDeal: React.ReactElement
}) {
  const pipelines = usePipelines()
  const loaded = pipelines.data?.models
  useDashboardUrlSync(search, writeSearch, loaded)
  const models = loaded ?? []
  const pipeline = useCurrentPipeline(models)
  const chosen = useDashboardFilters((state) => state.currentPipelineId)

  // The pipeline shown goes into the filters, so that a shared URL shows the same one. Worked out
  // afresh rather than taken from this render: the URL sync above runs first and may just have
  // chosen the URL's pipeline, which this render's `pipeline` (what was stored) does not know yet.
  useEffect(() => {
    if (!loaded) return
    const shown = currentPipeline(loaded, useCurrentPipelineStore.getState().pipelineId)
    const filters = useDashboardFilters.getState()
    if (shown && filters.currentPipelineId !== shown.id) filters.setPipeline(shown.id)
  }, [loaded, pipeline, chosen])

  if (pipelines.isSuccess && !pipeline) return <ErrorPage variant="no-pipelines" />
  if (!pipeline) return null
  return <DashboardView pipelines={models} pipeline={pipeline} addDeal={addDeal} />
}
