import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { ListChecks } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { useDealAnalysis, useRerunAnalysis } from '@/entities/deal/api/analysis-api'
import type { DealAnalysis } from '@/entities/deal/api/types'
import { ActionResults } from './action-results'
import { ObjectionsList } from './objections-list'

/**
 * The engine's reading of the deal: polled while it runs, shown when done, retried when failed.
 * `pipelinePending` while the deal's pipeline loads: its actions are listed with the results, so
 * the placeholder stays until both are in rather than the list growing under the reader.
 */
export function AnalysisSection({
  dealId,
  pipeline,
  pipelinePending = false,
  canRetry,
}: {
  dealId: string
  pipeline: Pipeline | undefined
  pipelinePending?: boolean
  canRetry: boolean
}) {
  const { t } = useTranslation('deals')
  const analysis = useDealAnalysis(dealId)
  const rerun = useRerunAnalysis(dealId)
  const data = analysis.data
  const showResults = data !== undefined && data.analysed_at !== null
  return (
    <div className="flex flex-col gap-4">
      {analysis.isPending || (showResults && pipelinePending) ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">{t('analysis.loading')}</span>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : null}
      {analysis.isError ? (
        <LoadError onRetry={() => void analysis.refetch()}>{t('analysis.load_failed')}</LoadError>
      ) : null}
      {data?.status === 'queued' || data?.status === 'running' ? (
        <div
          role="progressbar"
          aria-label={t('analysis.running')}
          className="flex items-center gap-3 text-sm"
        >
          <Spinner aria-hidden="true" role="presentation" />
          <span>{t('analysis.running')}</span>
        </div>
      ) : null}
      {data?.status === 'none' ? (
        <EmptyState
          icon={<ListChecks aria-hidden="true" className="size-10 text-gray-400" />}
          title={canRetry ? t('analysis.none') : t('analysis.none_read_only')}
          headingLevel={3}
        />
      ) : null}
      {data?.status === 'failed' ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700">
          <span>{t('analysis.failed')}</span>
          {canRetry ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={rerun.isPending}
              onClick={() => rerun.mutate()}
            >
              {t('analysis.retry')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {showResults && !pipelinePending ? (
        <AnalysisResults analysis={data} pipeline={pipeline} />
      ) : null}
    </div>
  )
}

// A re-run keeps showing the previous results until the new ones are in.
function AnalysisResults({
  analysis,
  pipeline,
}: {
  analysis: DealAnalysis
  pipeline: Pipeline | undefined
}) {
  const { t } = useTranslation('deals')
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="actions-heading" className="flex flex-col gap-3">
        <h3 id="actions-heading" className="text-base font-semibold">
          {t('analysis.actions')}
        </h3>
        <ActionResults results={analysis.action_results} pipeline={pipeline} />
      </section>
      <section aria-labelledby="objections-heading" className="flex flex-col gap-3">
        <h3 id="objections-heading" className="text-base font-semibold">
          {t('analysis.objections')}
        </h3>
        <ObjectionsList objections={analysis.objections} />
      </section>
    </div>
  )
}
