import { useTranslation } from 'react-i18next'
import { useAnalysisProgress } from '@/entities/deal/api/analysis-api'

/**
 * The organisation's deals analysed in the background (the demo's, uploads', re-analyses after a
 * settings change): how far the current wave got, while some of it is still pending.
 */
export function AnalysisProgressBanner() {
  const { t } = useTranslation('deals')
  const progress = useAnalysisProgress().data
  if (!progress || progress.pending === 0) return null
  const { done, total } = progress
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-800"
    >
      <p>{t('analysis_progress.running', { done, total })}</p>
      <div
        role="progressbar"
        aria-label={t('analysis_progress.label')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded bg-brand-100"
      >
        <div
          className="h-full bg-brand-600 transition-[width]"
          style={{ width: `${total ? (done / total) * 100 : 0}%` }}
        />
      </div>
    </div>
  )
}
