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
import { useCallback, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notify } from '@/components/ui/toast'
import type { Deal } from '@/entities/deal/api/types'
import { HttpError } from '@/lib/api-client'
import { useMoveDeal } from '../api/move-deal'
import { boardCollisions, columnKeyboardCoordinates } from '../lib/board-keyboard'
import type { DealFilters } from '../lib/deal-filters'
import { BoardColumn } from './board-column'
import { type BoardStage, DealCard } from './deal-card'
import {
  type MovedDealControl,
  type MovedDealFocusRequest,
  MovedDealFocusProvider,
} from './moved-deal-focus'

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
  // Whether the drag was started from the keyboard: its drop keeps the focus on the moved card.
  const [keyboardDrag, setKeyboardDrag] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const [focusRequest, setFocusRequest] = useState<MovedDealFocusRequest | null>(null)
  const movedFocus = useMemo(
    () => ({ request: focusRequest, done: () => setFocusRequest(null) }),
    [focusRequest],
  )
  const regionRef = useRef<HTMLDivElement>(null)
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click still opens the deal.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  )
  const stageName = useCallback(
    (stageId: string) => stages.find((stage) => stage.id === stageId)?.name ?? '',
    [stages],
  )

  const columns = useMemo(
    () =>
      shownStageIds?.length ? stages.filter((stage) => shownStageIds.includes(stage.id)) : stages,
    [stages, shownStageIds],
  )

  /**
   * Keeps a keyboard user on the deal they moved with `control`: its card takes the focus when it
   * shows in `stageId`. A stage not shown has no card, so the board itself takes the focus.
   */
  const keepFocusOnMoved = useCallback(
    (deal: Deal, stageId: string, control: MovedDealControl) => {
      if (columns.some((column) => column.id === stageId)) {
        setFocusRequest({ dealId: deal.id, stageId, control })
      } else {
        // After the menu has closed and let go of the focus.
        window.setTimeout(() => regionRef.current?.focus())
      }
    },
    [columns],
  )

  const moveDeal = useCallback(
    (deal: Deal, toStageId: string, control?: MovedDealControl) => {
      if (deal.stage_id === toStageId) return
      const stage = stageName(toStageId)
      if (control) keepFocusOnMoved(deal, toStageId, control)
      move.mutate(
        { deal, toStageId },
        {
          onSuccess: () => setAnnouncement(t('board.moved', { name: deal.name, stage })),
          onError: (error) => {
            // The card is back in its stage: the focus follows it there.
            if (control) keepFocusOnMoved(deal, deal.stage_id, control)
            notify.error(
              error instanceof HttpError && error.status === 403
                ? t('board.move_forbidden', { name: deal.name })
                : t('board.move_failed', { name: deal.name, stage }),
            )
          },
        },
      )
    },
    [keepFocusOnMoved, move, stageName, t],
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

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    setDragged(dealOf(active.data.current) ?? null)
    setKeyboardDrag(activatorEvent instanceof KeyboardEvent)
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null)
    const deal = dealOf(active.data.current)
    // A pointer drop leaves the focus alone; a keyboard drop keeps it on the handle it used.
    if (deal && over) moveDeal(deal, String(over.id), keyboardDrag ? 'drag-handle' : undefined)
  }

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
        ref={regionRef}
        role="region"
        aria-label={t('board.label')}
        // Scrolls sideways on its own (in either reading direction) and can be scrolled by keyboard;
        // relative, so that screen-reader-only text in far columns scrolls with them, not the page.
        tabIndex={0}
        className="relative -mx-1 flex items-start gap-3 overflow-x-auto px-1 pb-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <MovedDealFocusProvider value={movedFocus}>
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
        </MovedDealFocusProvider>
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
