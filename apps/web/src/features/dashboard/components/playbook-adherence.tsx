import type { ActionProgress, ActionStats } from '@dealcoach/contracts/deal-stats'
import { useQueries } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { type ChartConfig, ChartFrame } from '@/components/ui/chart-frame'
import { LoadError } from '@/components/ui/load-error'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { Skeleton } from '@/components/ui/skeleton'
import {
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { ScrollTable } from '@/components/ui/scroll-table'
import { StackedBarRows } from '@/components/ui/stacked-bar-rows'
import { dealQueryOptions } from '@/entities/deal/api/deals-api'
import {
  type ActionCell,
  CELL_DEALS_MAX,
  CELL_DEALS_PAGE_SIZE,
  useActionCell,
} from '../api/action-stats'
import { useWideScreen } from '../hooks/use-wide-screen'
import type { StatsFilters } from '../lib/stats-filters'
import { PROGRESS_COLOUR, PROGRESS_ORDER } from './progress-colours'

export interface AdherenceRow {
  stage: string
  actionId: string
  action: string
  counts: Record<ActionProgress, number>
}

/** One row per action, in the stats' stage order; actions without a stage under `noStage`. */
export function adherenceRows(stats: ActionStats, noStage: string): AdherenceRow[] {
  return stats.stages.flatMap((stage) =>
    stage.actions.map((action) => ({
      stage: stage.name ?? noStage,
      actionId: action.action_id,
      action: action.name,
      counts: action.counts,
    })),
  )
}

/** Spec §1 "playbook adherence": how far the filtered deals got with each action. */
export function PlaybookAdherence({
  stats,
  filters,
}: {
  stats: ActionStats
  filters: StatsFilters
}) {
  const { t } = useTranslation('dashboard')
  const [cell, setCell] = useState<(ActionCell & { action: string }) | null>(null)
  const noStage = t('adherence.no_stage')
  const rows = useMemo(() => adherenceRows(stats, noStage), [stats, noStage])

  return (
    <div className="flex flex-col gap-4">
      <AdherenceChart rows={rows} totalDeals={stats.total_deals} />
      <ScrollTable label={t('adherence.table_caption')}>
        <TableCaption className="caption-top text-start">
          {t('adherence.table_caption')}
        </TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t('adherence.stage')}</TableHead>
            <TableHead scope="col">{t('adherence.action')}</TableHead>
            {PROGRESS_ORDER.map((progress) => (
              <TableHead key={progress} scope="col" className="text-end">
                {t(`progress.${progress}`)}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.actionId}>
              <TableCell className="text-gray-600">{row.stage}</TableCell>
              <TableHead scope="row" className="font-medium whitespace-normal text-gray-900">
                {row.action}
              </TableHead>
              {PROGRESS_ORDER.map((progress) => {
                const count = row.counts[progress]
                return (
                  <TableCell key={progress} className="text-end tabular-nums">
                    {count > 0 ? (
                      <button
                        type="button"
                        className="rounded px-1.5 py-0.5 font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                        aria-label={t('adherence.open_cell', {
                          count,
                          action: row.action,
                          progress: t(`progress.${progress}`),
                        })}
                        onClick={() =>
                          setCell({ actionId: row.actionId, progress, action: row.action })
                        }
                      >
                        {count}
                      </button>
                    ) : (
                      <span className="px-1.5 text-gray-500">0</span>
                    )}
                  </TableCell>
                )
              })}
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
      <ModalDialog
        open={cell !== null}
        onOpenChange={(open) => {
          if (!open) setCell(null)
        }}
        title={
          cell
            ? t('adherence.cell_title', {
                action: cell.action,
                progress: t(`progress.${cell.progress}`),
              })
            : ''
        }
        description={t('adherence.cell_description')}
      >
        {cell ? (
          <CellDeals key={`${cell.actionId}:${cell.progress}`} filters={filters} cell={cell} />
        ) : null}
      </ModalDialog>
    </div>
  )
}

/** A bar per action, 36 px each, and room for the axis and legend. */
const adherenceChartHeight = (rows: readonly AdherenceRow[]) => Math.max(160, rows.length * 36 + 72)

/** The actions as stacked bars, one colour per progress, over the deals counted. */
function AdherenceChart({ rows, totalDeals }: { rows: AdherenceRow[]; totalDeals: number }) {
  const { t } = useTranslation('dashboard')
  // On a phone the names would squeeze the bars: the table below names every row.
  const wide = useWideScreen()
  const config: ChartConfig = Object.fromEntries(
    PROGRESS_ORDER.map((progress) => [
      progress,
      { label: t(`progress.${progress}`), color: PROGRESS_COLOUR[progress] },
    ]),
  )
  return (
    <ChartFrame
      config={config}
      label={t('adherence.chart_label', { actions: rows.length, count: totalDeals })}
      style={{ height: adherenceChartHeight(rows) }}
      // Plain boxes at the top of the page: drawn with the card, not a frame after it.
    >
      <StackedBarRows
        rows={rows.map((row) => ({ key: row.actionId, label: row.action, values: row.counts }))}
        labelWidth={wide ? 220 : 0}
      />
    </ChartFrame>
  )
}

/**
 * The deals behind one cell, by name, each a link to its deal screen: the first page of them, and
 * a button that lists the next page below, moving the focus to the first deal it added.
 */
function CellDeals({ filters, cell }: { filters: StatsFilters; cell: ActionCell }) {
  const { t } = useTranslation('dashboard')
  const [limit, setLimit] = useState(CELL_DEALS_PAGE_SIZE)
  const answer = useActionCell(filters, cell, limit)
  const ids = answer.data?.deal_ids ?? []
  const deals = useQueries({ queries: ids.map((id) => dealQueryOptions(id)) })
  // The first deal the last "Show more" added, focused once it is listed.
  const [focusFrom, setFocusFrom] = useState<number | null>(null)
  const focusTarget = useCallback((link: HTMLAnchorElement | null) => {
    if (!link) return
    link.focus()
    setFocusFrom(null)
  }, [])

  if (answer.isError && !answer.data) {
    return <LoadError onRetry={() => void answer.refetch()}>{t('adherence.cell_error')}</LoadError>
  }
  if (answer.isPending) {
    return (
      <div role="status" aria-label={t('loading')} className="flex flex-col gap-2">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    )
  }
  if (ids.length === 0) return <p className="text-sm text-gray-600">{t('adherence.cell_empty')}</p>
  const total = answer.data?.total ?? ids.length
  const loadingMore = answer.isPlaceholderData
  const canShowMore = total > ids.length && limit < CELL_DEALS_MAX
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex max-h-80 flex-col gap-1 overflow-y-auto">
        {ids.map((id, index) => {
          const deal = deals[index]?.data
          return (
            <li key={id}>
              <Link
                to="/deals/$dealId/"
                params={{ dealId: id }}
                ref={index === focusFrom && !loadingMore ? focusTarget : undefined}
                className="block rounded px-2 py-1.5 text-sm font-medium text-brand-700 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
              >
                {deal?.name ?? (deals[index]?.isError ? t('adherence.deal_unnamed') : t('loading'))}
              </Link>
            </li>
          )
        })}
      </ul>
      {total > ids.length ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p role="status" className="text-sm text-gray-600">
            {t('adherence.cell_more', { shown: ids.length, total })}
          </p>
          {canShowMore ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={loadingMore}
              aria-busy={loadingMore}
              onClick={() => {
                setFocusFrom(ids.length)
                setLimit(Math.min(limit + CELL_DEALS_PAGE_SIZE, CELL_DEALS_MAX))
              }}
            >
              {loadingMore ? t('adherence.cell_loading_more') : t('adherence.cell_show_more')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {answer.isError ? (
        <LoadError onRetry={() => void answer.refetch()}>{t('adherence.cell_error')}</LoadError>
      ) : null}
    </div>
  )
}
