import { useId } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Rows done of rows total while a job works on the file. Until the dry run has counted the rows
 * the total is unknown and the bar has no value (an indeterminate progress bar).
 */
export function ImportProgress({
  label,
  rowsDone,
  rowsTotal,
}: {
  label: string
  rowsDone: number
  rowsTotal: number | null
}) {
  const { t, i18n } = useTranslation('imports')
  const labelId = useId()
  const number = (value: number) => value.toLocaleString(i18n.language)
  const text =
    rowsTotal === null
      ? t('progress.reading')
      : t('progress.rows', { done: number(rowsDone), total: number(rowsTotal) })
  const percent = rowsTotal ? Math.min(100, Math.round((rowsDone / rowsTotal) * 100)) : 0
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p id={labelId} className="text-sm font-medium text-gray-900">
          {label}
        </p>
        <p className="text-sm text-gray-600 tabular-nums" aria-live="polite">
          {text}
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={rowsTotal ?? undefined}
        aria-valuenow={rowsTotal === null ? undefined : rowsDone}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-gray-200"
      >
        {/* A block at the inline start: it grows from the right in a right-to-left layout. */}
        <div
          className={
            rowsTotal === null
              ? 'h-full w-1/3 animate-pulse rounded-full bg-brand-600 motion-reduce:animate-none'
              : 'h-full rounded-full bg-brand-600 transition-[width] duration-300 motion-reduce:transition-none'
          }
          style={rowsTotal === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  )
}
