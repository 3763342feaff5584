import type * as React from 'react'
import { cn } from '@/lib/cn'

/**
 * A table that scrolls sideways on narrow screens. The scrolling box is a named, focusable region
 * so that keyboard users can scroll it too (axe: scrollable-region-focusable). It is the
 * containing block of what its cells position (screen-reader-only text), which it then clips:
 * otherwise that text, scrolled out of the box, would widen the page.
 */
export function ScrollTable({
  label,
  className,
  children,
}: {
  /** The region's name: the table's caption. */
  label: string
  className?: string
  children: React.ReactNode
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative w-full overflow-x-auto rounded-sm focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)}>
        {children}
      </table>
    </div>
  )
}
