import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { LoadError } from '@/components/ui/load-error'
import { TABLE_PAGE_SIZE, tableDealsQueryOptions } from '../api/list-filtered-deals'
import type { DealFilters } from '../lib/deal-filters'
import { type DealSort, type DealSortField, DealsList, DealsListPlaceholder } from './deals-list'

export interface DealsTableProps {
  pipelineId: string
  filters: DealFilters
  page: number
  sort: DealSort | undefined
  onPage: (page: number) => void
  onSort: (sort: DealSort) => void
}

/** `-amount` for amount descending, as the deal list's orderBy reads it. */
export const orderByOf = (sort: DealSort | undefined) =>
  sort ? `${sort.descending ? '-' : ''}${sort.field}` : undefined

/** The filtered deals as a table, a page at a time, sorted by a column's header. */
export function DealsTable({ pipelineId, filters, page, sort, onPage, onSort }: DealsTableProps) {
  const { t } = useTranslation('deals')
  const deals = useQuery(tableDealsQueryOptions(pipelineId, filters, page, orderByOf(sort)))
  const total = deals.data?.pagination.total ?? 0
  const pages = Math.max(1, Math.ceil(total / TABLE_PAGE_SIZE))
  // A second click on the sorted column turns the order around; a new column starts ascending.
  const sortBy = (field: DealSortField) =>
    onSort({ field, descending: sort?.field === field ? !sort.descending : false })

  if (deals.isPending) return <DealsListPlaceholder />
  if (deals.isError) {
    return <LoadError onRetry={() => void deals.refetch()}>{t('list.load_failed')}</LoadError>
  }
  return (
    <div className="flex flex-col gap-4">
      <DealsList deals={deals.data.data} sort={sort} onSort={sortBy} />
      {pages > 1 ? (
        <nav aria-label={t('list.paging')} className="flex items-center justify-end gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            {t('list.previous')}
          </Button>
          <span className="text-sm">{t('list.page_of', { page, pages })}</span>
          <Button
            type="button"
            variant="outline"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            {t('list.next')}
          </Button>
        </nav>
      ) : null}
    </div>
  )
}
