import { useEffect } from 'react'
import { ErrorPage } from '@/components/layout/error-page'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { useCurrentPipeline } from '@/stores/current-pipeline'
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
  useDashboardUrlSync(search, writeSearch)
  const pipelines = usePipelines()
  const models = pipelines.data?.models ?? []
  const pipeline = useCurrentPipeline(models)
  const chosen = useDashboardFilters((state) => state.currentPipelineId)
  const setPipeline = useDashboardFilters((state) => state.setPipeline)

  // The pipeline shown goes into the filters, so that a shared URL shows the same one.
  useEffect(() => {
    if (pipeline && chosen !== pipeline.id) setPipeline(pipeline.id)
  }, [pipeline, chosen, setPipeline])

  if (pipelines.isSuccess && !pipeline) return <ErrorPage variant="no-pipelines" />
  if (!pipeline) return null
  return <DashboardView pipelines={models} pipeline={pipeline} addDeal={addDeal} />
}
