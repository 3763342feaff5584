import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from './button'

/**
 * A list's page summary with previous and next links. `linkTo` renders the router link to a page
 * around the given content, so each list keeps its own route and search; at either end the button
 * stays in place, disabled, so the other does not jump.
 */
export function PageNav({
  label,
  summary,
  page,
  lastPage,
  previousLabel,
  nextLabel,
  linkTo,
}: {
  label: string
  summary: ReactNode
  page: number
  lastPage: number
  previousLabel: string
  nextLabel: string
  linkTo: (page: number, content: ReactNode) => ReactNode
}) {
  const pageLink = (target: number, content: ReactNode, enabled: boolean) =>
    enabled ? (
      <Button asChild variant="outline" size="sm">
        {linkTo(target, content)}
      </Button>
    ) : (
      <Button type="button" variant="outline" size="sm" disabled>
        {content}
      </Button>
    )

  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-gray-600 tabular-nums" aria-live="polite">
        {summary}
      </p>
      <div className="flex items-center gap-2">
        {pageLink(
          page - 1,
          <>
            <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />
            {previousLabel}
          </>,
          page > 1,
        )}
        {pageLink(
          page + 1,
          <>
            <ChevronRight aria-hidden="true" className="order-last rtl:rotate-180" />
            {nextLabel}
          </>,
          page < lastPage,
        )}
      </div>
    </nav>
  )
}
