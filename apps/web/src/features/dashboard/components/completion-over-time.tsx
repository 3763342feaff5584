import type { ActionCompletionStats } from '@dealcoach/contracts/deal-stats'
import { useTranslation } from 'react-i18next'
import { type ChartConfig, ChartFrame } from '@/components/ui/chart-frame'
import { StackedBarColumns } from '@/components/ui/stacked-bar-columns'
import {
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { ScrollTable, TableDisclosure } from '@/components/ui/scroll-table'
import { formatBucket } from '@/lib/dates/format-date'
import { COMPLETION_SERIES as SERIES, PROGRESS_COLOUR } from './progress-colours'

/** The filtered deals' action results per day or month, and per action over all of them. */
export function CompletionOverTime({ stats }: { stats: ActionCompletionStats }) {
  const { t, i18n } = useTranslation('dashboard')
  const config: ChartConfig = Object.fromEntries(
    SERIES.map((series) => [
      series,
      { label: t(`progress.${series}`), color: PROGRESS_COLOUR[series] },
    ]),
  )
  const data = stats.series.map((point) => ({
    ...point,
    label: formatBucket(point.date, stats.bucket, i18n.language),
  }))
  const bucketCaption = t(
    stats.bucket === 'day' ? 'completion.caption_day' : 'completion.caption_month',
  )
  const completed = stats.series.reduce((sum, point) => sum + point.completed, 0)

  if (stats.series.length === 0) {
    return <p className="text-sm text-gray-600">{t('completion.empty')}</p>
  }
  return (
    <div className="flex flex-col gap-4">
      <ChartFrame
        config={config}
        label={t('completion.chart_label', { completed, count: stats.series.length })}
      >
        <StackedBarColumns
          columns={data.map((point) => ({
            key: point.date,
            label: point.label,
            values: Object.fromEntries(SERIES.map((series) => [series, point[series]])),
          }))}
          legend
        />
      </ChartFrame>
      <TableDisclosure summary={t('completion.show_table')} caption={bucketCaption}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t('completion.date')}</TableHead>
            {SERIES.map((series) => (
              <TableHead key={series} scope="col" className="text-end">
                {t(`progress.${series}`)}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.map((point) => (
            <TableRow key={point.date}>
              <TableHead scope="row" className="font-normal">
                {point.label}
              </TableHead>
              {SERIES.map((series) => (
                <TableCell key={series} className="text-end tabular-nums">
                  {point[series]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </TableDisclosure>
      {stats.actions.length > 0 ? (
        <ScrollTable label={t('completion.per_action')}>
          <TableCaption className="caption-top text-start">
            {t('completion.per_action')}
          </TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{t('adherence.action')}</TableHead>
              <TableHead scope="col" className="text-end">
                {t('progress.completed')}
              </TableHead>
              <TableHead scope="col" className="text-end">
                {t('completion.total')}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {stats.actions.map((action) => (
              <TableRow key={action.action_id}>
                <TableHead scope="row" className="font-normal whitespace-normal">
                  {action.name}
                </TableHead>
                <TableCell className="text-end tabular-nums">{action.completed}</TableCell>
                <TableCell className="text-end tabular-nums">{action.total}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      ) : null}
    </div>
  )
}
