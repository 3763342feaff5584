import { useTranslation } from 'react-i18next'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { useIsInsideAppShell } from './app-shell-context'

/**
 * What the page being loaded looks like, so its placeholder does not jump when it arrives:
 * - cards: statistics over a wide panel (dashboard, reports)
 * - table: a toolbar over rows (lists)
 * - form: labelled fields and a button
 * - sections: stacked cards (onboarding)
 * - tabs: a tab list over a panel (settings)
 * - detail: a summary beside a long column (one pipeline, one deal)
 */
export type PendingShape = 'cards' | 'table' | 'form' | 'sections' | 'tabs' | 'detail'

/** Spec §2: every private route shows a pending placeholder while it loads. */
export function PendingPage({ shape = 'cards' }: { shape?: PendingShape }) {
  const { t } = useTranslation()
  // Inside the shell the page area already has its padding.
  const insideShell = useIsInsideAppShell()
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex flex-col gap-6', !insideShell && 'p-6')}
      data-testid="pending-page"
      data-shape={shape}
    >
      <span className="sr-only">{t('loading')}</span>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <PendingBody shape={shape} />
    </div>
  )
}

/** A route's pendingComponent for a page of this shape. */
export const pendingPage = (shape: PendingShape) =>
  function ShapedPendingPage() {
    return <PendingPage shape={shape} />
  }

function PendingBody({ shape }: { shape: PendingShape }) {
  switch (shape) {
    case 'cards':
      return (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
          <Skeleton className="h-72" />
        </>
      )
    case 'table':
      return (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-10 w-72 max-w-full" />
          <Rows count={6} className="h-12" />
        </div>
      )
    case 'form':
      return (
        <div className="flex max-w-2xl flex-col gap-5">
          <Rows count={4} className="h-16" />
          <Skeleton className="h-10 w-32" />
        </div>
      )
    case 'sections':
      return (
        <div className="flex max-w-3xl flex-col gap-6">
          <Rows count={3} className="h-48" />
        </div>
      )
    case 'tabs':
      return (
        <div className="flex flex-col gap-4">
          <Skeleton className="h-10 w-80 max-w-full" />
          <Skeleton className="h-64" />
        </div>
      )
    case 'detail':
      return (
        <div className="grid gap-6 lg:grid-cols-3">
          <Skeleton className="h-48" />
          <div className="flex flex-col gap-3 lg:col-span-2">
            <Rows count={5} className="h-14" />
          </div>
        </div>
      )
  }
}

function Rows({ count, className }: { count: number; className: string }) {
  return Array.from({ length: count }, (_, index) => <Skeleton key={index} className={className} />)
}
