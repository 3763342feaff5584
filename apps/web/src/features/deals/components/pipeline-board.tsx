import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notify } from '@/components/ui/toast'
import type { Deal } from '@/entities/deal/api/types'
import { HttpError } from '@/lib/api-client'
import { useMoveDeal } from '../api/move-deal'
import { boardCollisions, columnKeyboardCoordinates } from '../lib/board-keyboard'
import type { DealFilters } from '../lib/deal-filters'
import { BoardColumn } from './board-column'
import { type BoardStage, DealCard } from './deal-card'

export interface PipelineBoardProps {
  pipelineId: string
  /** Every stage of the pipeline in order: the columns, and the "Move to stage" choices. */
  stages: readonly BoardStage[]
  /** The stages shown; all of them when absent. */
  shownStageIds?: readonly string[]
  filters: DealFilters
  /** Whether the viewer may change this deal (admins any, members their own). */
  canMove: (deal: Deal) => boolean
}

const dealOf = (data: unknown): Deal | undefined => (data as { deal?: Deal } | undefined)?.deal

const stageOf = (data: unknown): BoardStage | undefined =>
  (data as { stage?: BoardStage } | undefined)?.stage

/** The pipeline as a board: a column per stage; a deal is moved by dragging it or from its menu. */
export function PipelineBoard({
  pipelineId,
  stages,
  shownStageIds,
  filters,
  canMove,
}: PipelineBoardProps) {
  const { t } = useTranslation('deals')
  const move = useMoveDeal(pipelineId)
  const [dragged, setDragged] = useState<Deal | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click still opens the deal.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  )
  const stageName = useCallback(
    (stageId: string) => stages.find((stage) => stage.id === stageId)?.name ?? '',
    [stages],
  )

  const moveDeal = useCallback(
    (deal: Deal, toStageId: string) => {
      if (deal.stage_id === toStageId) return
      const stage = stageName(toStageId)
      move.mutate(
        { deal, toStageId },
        {
          onSuccess: () => setAnnouncement(t('board.moved', { name: deal.name, stage })),
          onError: (error) =>
            notify.error(
              error instanceof HttpError && error.status === 403
                ? t('board.move_forbidden', { name: deal.name })
                : t('board.move_failed', { name: deal.name, stage }),
            ),
        },
      )
    },
    [move, stageName, t],
  )

  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) =>
        t('board.announce.picked', { name: dealOf(active.data.current)?.name ?? '' }),
      onDragOver: ({ active, over }) => {
        const name = dealOf(active.data.current)?.name ?? ''
        const stage = stageOf(over?.data.current)
        return stage
          ? t('board.announce.over', { name, stage: stage.name })
          : t('board.announce.outside', { name })
      },
      onDragEnd: ({ active, over }) => {
        const name = dealOf(active.data.current)?.name ?? ''
        const stage = stageOf(over?.data.current)
        return stage
          ? t('board.announce.dropped', { name, stage: stage.name })
          : t('board.announce.cancelled', { name })
      },
      onDragCancel: ({ active }) =>
        t('board.announce.cancelled', { name: dealOf(active.data.current)?.name ?? '' }),
    }),
    [t],
  )

  const onDragStart = ({ active }: DragStartEvent) =>
    setDragged(dealOf(active.data.current) ?? null)
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null)
    const deal = dealOf(active.data.current)
    if (deal && over) moveDeal(deal, String(over.id))
  }

  const columns = shownStageIds?.length
    ? stages.filter((stage) => shownStageIds.includes(stage.id))
    : stages

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollisions}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('board.drag_instructions') },
      }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <div
        role="region"
        aria-label={t('board.label')}
        // Scrolls sideways on its own (in either reading direction) and can be scrolled by keyboard;
        // relative, so that screen-reader-only text in far columns scrolls with them, not the page.
        tabIndex={0}
        className="relative -mx-1 flex items-start gap-3 overflow-x-auto px-1 pb-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {columns.map((stage) => (
          <BoardColumn
            key={stage.id}
            pipelineId={pipelineId}
            stage={stage}
            stages={stages}
            filters={filters}
            canMove={canMove}
            onMove={moveDeal}
          />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {dragged ? <DealCard deal={dragged} stages={stages} canMove overlay /> : null}
      </DragOverlay>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </DndContext>
  )
}
