import type * as React from 'react'
import { cn } from '@/lib/cn'
import { TableCaption } from './table'

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

/**
 * A chart's numbers as a table, folded under a summary line: read rather than seen, and out of
 * the way of those who look at the chart.
 */
export function TableDisclosure({
  summary,
  caption,
  children,
}: {
  /** The line that unfolds the table. */
  summary: string
  caption: string
  /** The table's header and body. */
  children: React.ReactNode
}) {
  return (
    <details className="group rounded-md border border-gray-200">
      <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
        {summary}
      </summary>
      <div className="px-3 pb-3">
        <ScrollTable label={caption}>
          <TableCaption className="caption-top text-start">{caption}</TableCaption>
          {children}
        </ScrollTable>
      </div>
    </details>
  )
}
