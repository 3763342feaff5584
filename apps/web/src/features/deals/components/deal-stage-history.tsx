import { useTranslation } from 'react-i18next'
import type { Deal } from '@/entities/deal/api/types'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { formatDate } from '@/lib/dates/format-date'
import { useDealStageHistory } from '../api/get-deal-stage-history'

/** Where the deal has been: each stage change with its date, oldest first. */
export function DealStageHistory({ deal }: { deal: Pick<Deal, 'id' | 'pipeline_id'> }) {
  const { t, i18n } = useTranslation('deals')
  const history = useDealStageHistory(deal.id, deal.pipeline_id).data ?? []
  const stages = usePipelines().data?.models.find(
    (pipeline) => pipeline.id === deal.pipeline_id,
  )?.stages
  if (history.length === 0) return null
  // The pipeline's current name; a stage since removed keeps the name the history gives it.
  const nameOf = ({ stage_id, name }: { stage_id: string; name?: string }) =>
    stages?.find((stage) => stage.stage_id === stage_id)?.name ??
    name ??
    t('stage_history.removed_stage')
  return (
    <section aria-labelledby="stage-history-heading" className="flex flex-col gap-2">
      <h2 id="stage-history-heading" className="text-sm font-semibold">
        {t('stage_history.title')}
      </h2>
      <ol aria-label={t('stage_history.title')} className="flex flex-wrap gap-2 text-sm">
        {history.map((entry) => (
          <li
            key={`${entry.timestamp}-${entry.to_stage.stage_id}`}
            className="flex flex-col rounded-md border border-gray-200 bg-white px-3 py-1.5"
          >
            <span>
              {entry.from_stage
                ? t('stage_history.moved', {
                    from: nameOf(entry.from_stage),
                    to: nameOf(entry.to_stage),
                  })
                : t('stage_history.started', { stage: nameOf(entry.to_stage) })}
            </span>
            <time dateTime={entry.timestamp} className="text-xs text-gray-600">
              {formatDate(entry.timestamp, 'withTime', i18n.language)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  )
}
