import type { CommonObjections } from '@dealcoach/contracts/objection-analysis'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
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
import {
  comparableRate,
  formatPercent,
  MIN_COMPARED_DEALS,
  OTHER_SERIES_COLOUR,
  SERIES_COLOURS,
} from '../lib/report-format'
import { ScrollTable, TableDisclosure } from '@/components/ui/scroll-table'
import { formatBucket } from '@/lib/dates/format-date'

type TypeRow = CommonObjections['types'][number]

/** A rate, or "—" with the reason spoken, when there is none to show. */
export function RateCell({ rate, deals }: { rate: number | null; deals?: number }) {
  const { t, i18n } = useTranslation('objections')
  const shown = deals === undefined ? rate : comparableRate(rate, deals)
  if (shown === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('report.no_rate')}</span>
      </>
    )
  }
  return <>{formatPercent(shown, i18n.language)}</>
}

/** Per type: how often it is raised, its share, how well it is handled, how it moves deals. */
export function TypeTable({
  report,
  onSelectType,
}: {
  report: CommonObjections
  onSelectType: (typeId: string) => void
}) {
  const { t, i18n } = useTranslation('objections')
  const caption = t('report.types.caption')
  return (
    <div className="flex flex-col gap-2">
      <ScrollTable label={caption}>
        <TableCaption className="caption-top text-start">{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col" className="min-w-40">
              {t('report.types.type')}
            </TableHead>
            <TableHead scope="col" className="text-end">
              {t('report.types.raised')}
            </TableHead>
            <TableHead scope="col" className="text-end">
              {t('report.types.share')}
            </TableHead>
            <TableHead scope="col" className="text-end">
              {t('report.types.handled_rate')}
            </TableHead>
            <TableHead scope="col" className="text-end">
              {t('report.types.win_handled')}
            </TableHead>
            <TableHead scope="col" className="text-end">
              {t('report.types.win_not_handled')}
            </TableHead>
            <TableHead scope="col" className="text-end">
              {t('report.types.progress_handled')}
            </TableHead>
            <TableHead scope="col" className="text-end">
              {t('report.types.progress_not_handled')}
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.types.map((type) => (
            <TableRow key={type.objection_type_id}>
              <TableHead scope="row" className="font-normal whitespace-normal">
                <Button
                  type="button"
                  variant="link"
                  className="h-auto p-0 text-start whitespace-normal"
                  aria-label={t('report.types.show_quotes', { type: type.name })}
                  onClick={() => onSelectType(type.objection_type_id)}
                >
                  {type.name}
                </Button>
                {type.active ? null : (
                  <span className="ms-2 text-xs text-gray-600">{t('report.types.inactive')}</span>
                )}
              </TableHead>
              <TableCell className="text-end tabular-nums">
                {type.raised.toLocaleString(i18n.language)}
              </TableCell>
              <TableCell className="text-end tabular-nums">
                <RateCell rate={type.share} />
              </TableCell>
              <TableCell className="text-end tabular-nums">
                <RateCell rate={type.handled_rate} />
              </TableCell>
              <TableCell className="text-end tabular-nums">
                <RateCell
                  rate={type.outcomes.handled.win_rate}
                  deals={type.outcomes.handled.closed}
                />
              </TableCell>
              <TableCell className="text-end tabular-nums">
                <RateCell
                  rate={type.outcomes.not_handled.win_rate}
                  deals={type.outcomes.not_handled.closed}
                />
              </TableCell>
              <TableCell className="text-end tabular-nums">
                <RateCell
                  rate={type.outcomes.handled.progress_rate}
                  deals={type.outcomes.handled.deals}
                />
              </TableCell>
              <TableCell className="text-end tabular-nums">
                <RateCell
                  rate={type.outcomes.not_handled.progress_rate}
                  deals={type.outcomes.not_handled.deals}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
      <p className="text-xs text-gray-600">
        {t('report.types.rates_note', { count: MIN_COMPARED_DEALS })}
      </p>
    </div>
  )
}

/** Week names ("23 Mar, 2026") are long: at most this many fit under the chart. */
const MAX_WEEK_LABELS = 7

/** The key of the column part that sums the types not drawn apart. */
const OTHER_TYPES = 'other'

/**
 * The types drawn apart in the trend: the most raised, as many as there are colours; with more
 * types than that, the last colour's place goes to the rest together, so that each column is
 * every objection raised in its period.
 */
function drawnTypes(types: readonly TypeRow[]): { named: readonly TypeRow[]; others: boolean } {
  if (types.length <= SERIES_COLOURS.length) return { named: types, others: false }
  return { named: types.slice(0, SERIES_COLOURS.length - 1), others: true }
}

/**
 * How often each type was raised over time: a column per week or month, stacked by type (counts
 * of a few a week read as columns, where lines of them crossed and dipped to zero), and the same
 * numbers as a table.
 */
export function TypeTrend({ report }: { report: CommonObjections }) {
  const { t, i18n } = useTranslation('objections')
  // The chart draws the most raised apart; its table, read rather than seen, lists every type.
  const { named, others } = drawnTypes(report.types)
  const key = (index: number) => `type${String(index)}`
  const raisedIn = (start: string, type: TypeRow) =>
    type.trend.find((point) => point.start === start)?.raised ?? 0
  const config: ChartConfig = Object.fromEntries(
    named.map((type, index) => [
      key(index),
      { label: type.name, color: SERIES_COLOURS[index] ?? OTHER_SERIES_COLOUR },
    ]),
  )
  if (others)
    config[OTHER_TYPES] = { label: t('report.trend.other_types'), color: OTHER_SERIES_COLOUR }
  const data = report.trend.map((point) => {
    const values: Record<string, number> = Object.fromEntries(
      named.map((type, index) => [key(index), raisedIn(point.start, type)]),
    )
    if (others) {
      const drawn = Object.values(values).reduce((sum, raised) => sum + raised, 0)
      values[OTHER_TYPES] = Math.max(0, point.raised - drawn)
    }
    return {
      start: point.start,
      label: formatBucket(point.start, report.interval, i18n.language),
      values,
    }
  })
  const caption = t(
    report.interval === 'month' ? 'report.trend.caption_month' : 'report.trend.caption_week',
  )

  if (data.length === 0) return null
  return (
    <div className="flex flex-col gap-4">
      <ChartFrame
        config={config}
        label={t('report.trend.chart_label', {
          count: report.total.raised,
          buckets: data.length,
        })}
      >
        <StackedBarColumns
          columns={data.map((point) => ({
            key: point.start,
            label: point.label,
            values: point.values,
          }))}
          legend
          maxLabels={report.interval === 'week' ? MAX_WEEK_LABELS : undefined}
        />
      </ChartFrame>
      <TableDisclosure summary={t('report.trend.show_table')} caption={caption}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t('report.trend.period')}</TableHead>
            {report.types.map((type) => (
              <TableHead key={type.objection_type_id} scope="col" className="text-end">
                {type.name}
              </TableHead>
            ))}
            <TableHead scope="col" className="text-end">
              {t('report.trend.handled_rate')}
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.map((point, row) => (
            <TableRow key={point.start}>
              <TableHead scope="row" className="font-normal">
                {point.label}
              </TableHead>
              {report.types.map((type) => (
                <TableCell key={type.objection_type_id} className="text-end tabular-nums">
                  {raisedIn(point.start, type)}
                </TableCell>
              ))}
              <TableCell className="text-end tabular-nums">
                <RateCell rate={report.trend[row]?.handled_rate ?? null} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </TableDisclosure>
    </div>
  )
}

export type { TypeRow }
