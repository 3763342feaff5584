import { Link } from '@tanstack/react-router'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

interface ObjectionTypesPaginationProps {
  page: number
  pageSize: number
  total: number
}

/** "31–60 of 75" with previous and next links that keep the search in the URL. */
export function ObjectionTypesPagination({ page, pageSize, total }: ObjectionTypesPaginationProps) {
  const { t } = useTranslation('objection-types')
  if (total === 0) return null
  const lastPage = Math.max(1, Math.ceil(total / pageSize))
  const from = Math.min((page - 1) * pageSize + 1, total)
  const to = Math.min(page * pageSize, total)

  const pageLink = (target: number, label: string, icon: ReactNode, enabled: boolean) =>
    enabled ? (
      <Button asChild variant="outline" size="sm">
        <Link
          to="/configure/objections/"
          search={(previous) => ({ ...previous, page: target === 1 ? undefined : target })}
        >
          {icon}
          {label}
        </Link>
      </Button>
    ) : (
      <Button type="button" variant="outline" size="sm" disabled>
        {icon}
        {label}
      </Button>
    )

  return (
    <nav
      aria-label={t('pagination.label')}
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-sm text-gray-600 tabular-nums" aria-live="polite">
        {t('pagination.range', { from, to, total })}
      </p>
      <div className="flex items-center gap-2">
        {pageLink(
          page - 1,
          t('pagination.previous'),
          <ChevronLeft aria-hidden="true" className="rtl:rotate-180" />,
          page > 1,
        )}
        {pageLink(
          page + 1,
          t('pagination.next'),
          <ChevronRight aria-hidden="true" className="order-last rtl:rotate-180" />,
          page < lastPage,
        )}
      </div>
    </nav>
  )
}
