import { useQuery } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { Input } from '@/components/ui/input'
import { LoadError } from '@/components/ui/load-error'
import { DEALS_PAGE_SIZE, dealsQueryOptions } from '@/entities/deal/api/deals-api'
import { CreateDealDialog } from './create-deal-dialog'
import { DealsList, DealsListPlaceholder } from './deals-list'

const SEARCH_DELAY_MS = 300

export interface DealsOverviewProps {
  pipelineId: string
  searchQuery: string | undefined
  page: number
  onSearch: (searchQuery: string | undefined) => void
  onPage: (page: number) => void
}

/** The current pipeline's deals with a search box and paging. */
export function DealsOverview({
  pipelineId,
  searchQuery,
  page,
  onSearch,
  onPage,
}: DealsOverviewProps) {
  const { t } = useTranslation('deals')
  const [text, setText] = useState(searchQuery ?? '')
  const deals = useQuery(dealsQueryOptions({ pipelineId, searchQuery, page }))

  // Typing waits for a pause before it changes the URL (and asks the server).
  useEffect(() => {
    const next = text.trim() || undefined
    if (next === searchQuery) return
    const timer = setTimeout(() => onSearch(next), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, searchQuery, onSearch])

  const total = deals.data?.pagination.total ?? 0
  const pages = Math.max(1, Math.ceil(total / DEALS_PAGE_SIZE))
  const rows = deals.data?.data ?? []
  const nothingYet = deals.isSuccess && total === 0 && !searchQuery

  return (
    <div className="flex flex-col gap-4">
      {nothingYet ? (
        <EmptyState
          icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
          title={t('list.empty_title')}
          description={t('list.empty_description')}
        />
      ) : (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <label className="relative w-full max-w-sm">
            <span className="sr-only">{t('list.search')}</span>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-gray-500"
            />
            <Input
              type="search"
              className="ps-9"
              placeholder={t('list.search')}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          <CreateDealDialog pipelineId={pipelineId} />
        </div>
      )}
      {nothingYet ? (
        <div className="flex justify-center">
          <CreateDealDialog pipelineId={pipelineId} label={t('list.create_first')} />
        </div>
      ) : null}
      {deals.isPending ? <DealsListPlaceholder /> : null}
      {deals.isError ? (
        <LoadError onRetry={() => void deals.refetch()}>{t('list.load_failed')}</LoadError>
      ) : null}
      {deals.isSuccess && !nothingYet ? (
        rows.length === 0 ? (
          <p className="text-sm text-gray-600">{t('list.no_match')}</p>
        ) : (
          <>
            <DealsList deals={rows} />
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
          </>
        )
      ) : null}
    </div>
  )
}
