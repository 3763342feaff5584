import { createContext, type ReactNode, type RefObject, useContext, useEffect } from 'react'
import type { Deal } from '@/entities/deal/api/types'

/** The card's control that takes the focus after a move: the one the deal was moved with. */
export type MovedDealControl = 'move-menu' | 'drag-handle'

/** The card that should have the focus: the deal's, once it shows in `stageId`. */
export interface MovedDealFocusRequest {
  dealId: string
  stageId: string
  control: MovedDealControl
}

interface MovedDealFocus {
  request: MovedDealFocusRequest | null
  /** Called by the card that took the focus. */
  done: () => void
}

const MovedDealFocusContext = createContext<MovedDealFocus | null>(null)

/**
 * A moved deal's card is a new element in its new column, and the old one leaves with the focus
 * in it (to <body>). The board says which card should take the focus; the card does when it shows
 * in that stage, whether it appears before or after the board asks (the column may only show it
 * once the lists are read again).
 */
export function MovedDealFocusProvider({
  value,
  children,
}: {
  value: MovedDealFocus
  children: ReactNode
}) {
  return <MovedDealFocusContext value={value}>{children}</MovedDealFocusContext>
}

/**
 * Focuses the card's control marked `data-move-control` (its link when that control is absent)
 * when the board asks for this deal's card in the stage it shows in. `deal` is null for a card
 * that must not take it (the copy that follows the pointer).
 */
export function useMovedDealFocus(deal: Deal | null, card: RefObject<HTMLElement | null>) {
  const focus = useContext(MovedDealFocusContext)
  const request = focus?.request
  const done = focus?.done
  const dealId = deal?.id
  const stageId = deal?.stage_id
  useEffect(() => {
    if (!request || request.dealId !== dealId || request.stageId !== stageId) return
    const target =
      card.current?.querySelector<HTMLElement>(`[data-move-control="${request.control}"]`) ??
      card.current?.querySelector<HTMLElement>('a[href]')
    if (!target) return
    target.focus()
    done?.()
  }, [request, done, dealId, stageId, card])
}
