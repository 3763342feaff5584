import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { useDealAnalysis, useRerunAnalysis } from '@/entities/deal/api/analysis-api'
import type { ActionResult, DealAnalysis } from '@/entities/deal/api/types'

const ACTION_STATUS_KEY = {
  Completed: 'completed',
  Pending: 'pending',
  'In progress': 'in_progress',
} as const

/** The engine's reading of the deal: polled while it runs, shown when done, retried when failed. */
export function AnalysisSection({
  dealId,
  pipeline,
  canRetry,
}: {
  dealId: string
  pipeline: Pipeline | undefined
  canRetry: boolean
}) {
  const { t } = useTranslation('deals')
  const analysis = useDealAnalysis(dealId)
  const rerun = useRerunAnalysis(dealId)
  const data = analysis.data
  return (
    <section aria-labelledby="analysis-heading" className="flex flex-col gap-3">
      <h2 id="analysis-heading" className="text-lg font-semibold">
        {t('analysis.title')}
      </h2>
      {analysis.isPending ? <Skeleton className="h-24 w-full" /> : null}
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
        <p className="text-sm text-gray-600">{t('analysis.none')}</p>
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
      {data && hasResults(data) ? <AnalysisResults analysis={data} pipeline={pipeline} /> : null}
    </section>
  )
}

// A re-run keeps showing the previous results until the new ones are in.
const hasResults = (analysis: DealAnalysis) =>
  analysis.analysed_at !== null &&
  (analysis.action_results.length > 0 ||
    analysis.objections.length > 0 ||
    analysis.confidence !== null ||
    analysis.solution_fit !== null)

function AnalysisResults({
  analysis,
  pipeline,
}: {
  analysis: DealAnalysis
  pipeline: Pipeline | undefined
}) {
  const { t } = useTranslation('deals')
  const stages = pipeline?.stages ?? []
  const byStage = new Map<string, ActionResult[]>()
  for (const result of analysis.action_results) {
    const stageId = result.stage_id ?? ''
    byStage.set(stageId, [...(byStage.get(stageId) ?? []), result])
  }
  const stageName = (stageId: string) =>
    stages.find((stage) => stage.stage_id === stageId)?.name ?? t('analysis.other_stage')
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-4 sm:max-w-md">
        <div>
          <dt className="text-sm text-gray-600">{t('analysis.confidence')}</dt>
          <dd className="text-2xl font-semibold tabular-nums">
            {analysis.confidence ? Math.round(analysis.confidence.score) : '–'}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-gray-600">{t('analysis.solution_fit')}</dt>
          <dd className="text-2xl font-semibold">
            {analysis.solution_fit ? t('analysis.tier', { tier: analysis.solution_fit.tier }) : '–'}
          </dd>
        </div>
      </dl>
      <div className="flex flex-col gap-4">
        <h3 className="font-semibold">{t('analysis.actions')}</h3>
        {[...byStage.entries()].map(([stageId, results]) => (
          <div key={stageId} className="flex flex-col gap-2">
            <h4 className="text-sm font-medium text-gray-700">{stageName(stageId)}</h4>
            <ul className="flex flex-col gap-2">
              {results.map((result) => (
                <li key={result.action_id} className="rounded-md border border-gray-200 p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{result.action}</span>
                    <Badge
                      variant={
                        result.status === 'Completed'
                          ? 'success'
                          : result.status === 'In progress'
                            ? 'warning'
                            : 'secondary'
                      }
                    >
                      {t(`analysis.action_status.${ACTION_STATUS_KEY[result.status]}`)}
                    </Badge>
                  </div>
                  {result.summary ? <p className="mt-1 text-sm">{result.summary}</p> : null}
                  {result.results.map((quote, index) => (
                    <blockquote
                      key={index}
                      className="mt-2 border-s-2 border-gray-300 ps-3 text-sm text-gray-700 italic"
                    >
                      {quote.result}
                    </blockquote>
                  ))}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold">{t('analysis.objections')}</h3>
        {analysis.objections.length === 0 ? (
          <p className="text-sm text-gray-600">{t('analysis.no_objections')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {analysis.objections.map((objection) => (
              <li key={objection.id} className="rounded-md border border-gray-200 p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{objection.type_name}</span>
                  <Badge variant={objection.handled ? 'success' : 'warning'}>
                    {objection.handled ? t('analysis.handled') : t('analysis.not_handled')}
                  </Badge>
                </div>
                <blockquote className="mt-2 border-s-2 border-gray-300 ps-3 italic">
                  {objection.text}
                </blockquote>
                {objection.response ? (
                  <p className="mt-2">
                    <span className="text-gray-600">{t('analysis.reply')} </span>
                    {objection.response}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
