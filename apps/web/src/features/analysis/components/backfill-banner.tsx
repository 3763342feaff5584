import { useTranslation } from 'react-i18next'
import { backfillRunning, useLatestBackfill } from '@/entities/deal/api/analysis-api'

/** After a configuration change the affected deals are re-analysed; this shows how far it got. */
export function BackfillBanner() {
  const { t } = useTranslation('deals')
  const backfill = useLatestBackfill().data
  if (!backfill || !backfillRunning(backfill)) return null
  const finished = backfill.done + backfill.failed
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-800"
    >
      <p>
        {t('backfill.running', { count: backfill.total, done: finished, total: backfill.total })}
      </p>
      <div
        role="progressbar"
        aria-label={t('backfill.progress')}
        aria-valuemin={0}
        aria-valuemax={backfill.total}
        aria-valuenow={finished}
        className="h-2 overflow-hidden rounded bg-brand-100"
      >
        <div
          className="h-full bg-brand-600 transition-[width]"
          style={{ width: `${backfill.total ? (finished / backfill.total) * 100 : 0}%` }}
        />
      </div>
    </div>
  )
}
