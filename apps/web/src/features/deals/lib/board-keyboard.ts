import {
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  pointerWithin,
  rectIntersection,
} from '@dnd-kit/core'

// How a dragged card finds its column: the pointer's column when there is a pointer, else the
// column the card overlaps most (the keyboard moves it column by column).

export const boardCollisions: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args)
  return underPointer.length > 0 ? underPointer : rectIntersection(args)
}

// Where in the next column the card lands: inside its top start corner, clear of the header.
const INSET = { x: 8, y: 48 }

/**
 * The arrow keys move a lifted card to the column on that side of the screen (left is left in
 * Arabic too: it follows what the user sees, not the reading direction); up and down do nothing,
 * as a column keeps its own order.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { currentCoordinates, context: { collisionRect, droppableRects, droppableContainers } },
) => {
  if (!collisionRect) return undefined
  const direction = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0
  if (direction === 0) {
    if (event.code === 'ArrowUp' || event.code === 'ArrowDown') event.preventDefault()
    return undefined
  }
  // A column starts ahead when it is more than half a card away: the card's own column is not.
  const reach = collisionRect.width / 2
  let target: { left: number; top: number } | undefined
  for (const [id, rect] of droppableRects) {
    if (droppableContainers.get(id)?.disabled) continue
    const ahead = (rect.left - collisionRect.left) * direction > reach
    if (ahead && (!target || (rect.left - target.left) * direction < 0)) target = rect
  }
  if (!target) return undefined
  event.preventDefault()
  return {
    x: currentCoordinates.x + target.left + INSET.x - collisionRect.left,
    y: currentCoordinates.y + target.top + INSET.y - collisionRect.top,
  }
}
