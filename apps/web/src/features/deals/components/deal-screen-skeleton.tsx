import { useTranslation } from 'react-i18next'
import { Skeleton } from '@/components/ui/skeleton'

/**
 * The deal screen's placeholder (the `detail` shape of PendingPage, drawn closer): header,
 * figures, tabs beside the solution-fit panel.
 */
export function DealScreenSkeleton() {
  const { t } = useTranslation()
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col gap-6"
      data-testid="pending-page"
      data-shape="detail"
    >
      <span className="sr-only">{t('loading')}</span>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-40" />
      </div>
      <Skeleton className="h-20 w-full" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-80 w-full lg:col-start-2 lg:row-start-1" />
        <div className="flex flex-col gap-4 lg:col-start-1 lg:row-start-1">
          <Skeleton className="h-9 w-72 max-w-full" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      </div>
    </div>
  )
}
