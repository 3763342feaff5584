import { useDraggable, useDroppable } from '@dnd-kit/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import type { Deal } from '@/entities/deal/api/types'
import { cn } from '@/lib/cn'
import { stageDealsQueryOptions } from '../api/list-filtered-deals'
import type { DealFilters } from '../lib/deal-filters'
import { type BoardStage, DealCard } from './deal-card'
import type { MovedDealControl } from './moved-deal-focus'

export interface BoardColumnProps {
  pipelineId: string
  stage: BoardStage
  stages: readonly BoardStage[]
  filters: DealFilters
  canMove: (deal: Deal) => boolean
  onMove: (deal: Deal, toStageId: string, control?: MovedDealControl) => void
}

/** One stage of the board: its deals, 100 at a time, and a drop target for the others. */
export function BoardColumn({
  pipelineId,
  stage,
  stages,
  filters,
  canMove,
  onMove,
}: BoardColumnProps) {
  const { t, i18n } = useTranslation('deals')
  const deals = useInfiniteQuery(stageDealsQueryOptions(pipelineId, stage.id, filters))
  const { setNodeRef, isOver } = useDroppable({ id: stage.id, data: { stage } })
  const rows = deals.data?.pages.flatMap((page) => page.data) ?? []
  const total = deals.data?.pages[0]?.pagination.total
  const headingId = `board-column-${stage.id}`
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-slot="board-column"
      className={cn(
        'flex w-72 shrink-0 flex-col gap-2 rounded-lg bg-gray-50 p-2 transition-colors',
        isOver && 'bg-brand-50 ring-2 ring-brand-600',
      )}
    >
      <h2 id={headingId} className="flex items-center justify-between gap-2 px-1 py-1">
        <span className="truncate text-sm font-semibold text-gray-900">{stage.name}</span>{' '}
        {total === undefined ? null : (
          <Badge variant="secondary">
            <span aria-hidden="true">{total.toLocaleString(i18n.language)}</span>
            <span className="sr-only">{t('board.count', { count: total })}</span>
          </Badge>
        )}
      </h2>
      {deals.isPending ? <ColumnPlaceholder /> : null}
      {deals.isError ? (
        <LoadError onRetry={() => void deals.refetch()}>{t('board.column_failed')}</LoadError>
      ) : null}
      {deals.isSuccess && rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-gray-300 px-3 py-6 text-center text-sm text-gray-600">
          {t('board.column_empty')}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {rows.map((deal) => (
            <li key={deal.id}>
              <DraggableDealCard
                deal={deal}
                stages={stages}
                canMove={canMove(deal)}
                onMove={onMove}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {deals.hasNextPage ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={deals.isFetchingNextPage}
          onClick={() => void deals.fetchNextPage()}
        >
          {deals.isFetchingNextPage
            ? t('board.loading_more')
            : t('board.show_more', { count: (total ?? 0) - rows.length })}
        </Button>
      ) : null}
    </section>
  )
}

function DraggableDealCard({
  deal,
  stages,
  canMove,
  onMove,
}: {
  deal: Deal
  stages: readonly BoardStage[]
  canMove: boolean
  onMove: (deal: Deal, toStageId: string, control?: MovedDealControl) => void
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: deal.id,
    data: { deal },
    disabled: !canMove,
  })
  // The whole card follows the mouse or a finger; only the handle takes the keyboard, so Enter on
  // the deal's link still opens it.
  const { onKeyDown, ...pointerListeners } = (listeners ?? {}) as Record<
    string,
    (event: unknown) => void
  >
  return (
    <div ref={setNodeRef} {...(canMove ? pointerListeners : {})}>
      <DealCard
        deal={deal}
        stages={stages}
        canMove={canMove}
        onMove={onMove}
        handleRef={setActivatorNodeRef}
        handleProps={{ ...attributes, onKeyDown }}
        className={cn(isDragging && 'opacity-40')}
      />
    </div>
  )
}

function ColumnPlaceholder() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} className="h-28 w-full rounded-lg" />
      ))}
    </div>
  )
}

/** The board's shape while the pipeline loads: a few columns of cards. */
export function BoardPlaceholder({ columns = 4 }: { columns?: number }) {
  const { t } = useTranslation()
  return (
    <div role="status" aria-live="polite" className="flex gap-3 overflow-hidden">
      <span className="sr-only">{t('common:loading')}</span>
      {Array.from({ length: columns }, (_, index) => (
        <div key={index} className="flex w-72 shrink-0 flex-col gap-2 rounded-lg bg-gray-50 p-2">
          <Skeleton className="h-6 w-32" />
          <ColumnPlaceholder />
        </div>
      ))}
    </div>
  )
}
