import { Link } from '@tanstack/react-router'
import { ArrowRightLeft, GripVertical } from 'lucide-react'
import type * as React from 'react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import type { Deal } from '@/entities/deal/api/types'
import { formatAmount } from '@/entities/deal/lib/deal-format'
import { OwnerLabel } from './owner-label'
import { cn } from '@/lib/cn'
import { formatDate } from '@/lib/dates/format-date'
import { dealStaleness } from '../lib/deal-filters'
import { type MovedDealControl, useMovedDealFocus } from './moved-deal-focus'

export interface BoardStage {
  id: string
  name: string
}

const TIER_KEY = { 1: 'excellent', 2: 'strong', 3: 'moderate', 4: 'weak' } as const
const TIER_VARIANT = { 1: 'success', 2: 'info', 3: 'warning', 4: 'danger' } as const
const STALENESS_VARIANT = { active: 'success', cooling: 'warning', stale: 'danger' } as const

export interface DealCardProps {
  deal: Deal
  /** The pipeline's stages, for the "Move to stage" menu. */
  stages: readonly BoardStage[]
  /** Whether the viewer may change the deal: without it the card has no drag handle or menu. */
  canMove: boolean
  /** `control` is the card's control the deal was moved with, which keeps the focus after. */
  onMove?: (deal: Deal, toStageId: string, control?: MovedDealControl) => void
  /** The drag handle's listeners and attributes (dnd-kit), when the card can be dragged. */
  handleProps?: React.ComponentProps<'button'>
  handleRef?: (element: HTMLElement | null) => void
  /** The copy that follows the pointer: no link or menu to focus. */
  overlay?: boolean
  className?: string
}

/** A deal on the board: name, account, owner, amount, close date and its assessment. */
export function DealCard({
  deal,
  stages,
  canMove,
  onMove,
  handleProps,
  handleRef,
  overlay = false,
  className,
}: DealCardProps) {
  const { t, i18n } = useTranslation('deals')
  const language = i18n.language
  const confidence = deal.assessment?.confidence ?? deal.confidence
  const tier = deal.assessment?.solution_fit_tier
  const staleness = dealStaleness(deal)
  const amount = formatAmount(deal, language)
  const cardRef = useRef<HTMLElement>(null)
  useMovedDealFocus(overlay ? null : deal, cardRef)
  return (
    <article
      ref={cardRef}
      aria-label={deal.name}
      data-slot="deal-card"
      className={cn(
        'flex flex-col gap-2 rounded-lg border border-gray-200 bg-white p-3 text-sm shadow-xs',
        overlay && 'shadow-lg ring-2 ring-brand-600',
        className,
      )}
    >
      <div className="flex items-start gap-1">
        {canMove && !overlay ? (
          <button
            type="button"
            ref={handleRef}
            data-move-control="drag-handle"
            aria-label={t('board.drag', { name: deal.name })}
            className="-ms-1 mt-0.5 cursor-grab touch-none rounded text-gray-500 outline-none hover:text-gray-800 focus-visible:ring-2 focus-visible:ring-brand-600 active:cursor-grabbing"
            {...handleProps}
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </button>
        ) : null}
        <div className="min-w-0 flex-1">
          {overlay ? (
            <span className="font-medium break-words text-brand-700">{deal.name}</span>
          ) : (
            <Link
              to="/deals/$dealId/"
              params={{ dealId: deal.id }}
              className="font-medium break-words text-brand-700 hover:underline"
            >
              {deal.name}
            </Link>
          )}
          {deal.account_name ? <p className="truncate text-gray-600">{deal.account_name}</p> : null}
        </div>
        {canMove && !overlay && onMove ? (
          <MoveDealMenu deal={deal} stages={stages} onMove={onMove} />
        ) : null}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-gray-600">{t('list.owner')}</dt>
        <dd className="truncate">
          <OwnerLabel owner={deal.owner} />
        </dd>
        <dt className="text-gray-600">{t('list.amount')}</dt>
        <dd className="tabular-nums">{amount || t('board.no_amount')}</dd>
        <dt className="text-gray-600">{t('list.close_date')}</dt>
        <dd>{formatDate(deal.close_date, 'closeDate', language)}</dd>
        <dt className="text-gray-600">{t('board.confidence')}</dt>
        <dd className="tabular-nums">
          {confidence === null || confidence === undefined
            ? t('header.not_analysed')
            : t('header.confidence_value', { score: confidence })}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-1">
        {tier ? (
          <Badge variant={TIER_VARIANT[tier as keyof typeof TIER_VARIANT]}>
            {t(`solution_fit.tier.${TIER_KEY[tier as keyof typeof TIER_KEY]}`)}
          </Badge>
        ) : null}
        {/* How recently a deal saw activity says something of open deals only (DESIGN §5). */}
        {deal.status === 'open' ? (
          <Badge variant={STALENESS_VARIANT[staleness]}>{t(`board.staleness.${staleness}`)}</Badge>
        ) : null}
        {deal.status !== 'open' ? (
          <Badge variant={deal.status === 'won' ? 'success' : 'danger'}>
            {t(`status.${deal.status}`)}
          </Badge>
        ) : null}
      </div>
    </article>
  )
}

/** The drag-free way to move a deal: a menu of the other stages. */
function MoveDealMenu({
  deal,
  stages,
  onMove,
}: {
  deal: Deal
  stages: readonly BoardStage[]
  onMove: (deal: Deal, toStageId: string, control?: MovedDealControl) => void
}) {
  const { t } = useTranslation('deals')
  // Once a stage is chosen the card leaves for its new column, which gives the focus to the moved
  // card's own button: the menu must not put it back on this one as it closes.
  const moved = useRef(false)
  const others = stages.filter((stage) => stage.id !== deal.stage_id)
  if (others.length === 0) return null
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="-me-1 size-7"
          data-move-control="move-menu"
          aria-label={t('board.move_menu', { name: deal.name })}
        >
          <ArrowRightLeft aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        onCloseAutoFocus={(event) => {
          if (moved.current) event.preventDefault()
          moved.current = false
        }}
      >
        <DropdownMenuLabel>{t('board.move_to')}</DropdownMenuLabel>
        {others.map((stage) => (
          <DropdownMenuItem
            key={stage.id}
            onSelect={() => {
              moved.current = true
              onMove(deal, stage.id, 'move-menu')
            }}
          >
            {stage.name}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
