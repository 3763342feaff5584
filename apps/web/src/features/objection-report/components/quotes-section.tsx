import { XIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { useBestAnswers, useQuotes } from '../api/objection-report-api'
import type { ReportFilters } from '../lib/report-filters'
import { QuoteCard } from './quote-card'

function ListPlaceholder({ label, rows }: { label: string; rows: number }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-32" />
      ))}
    </div>
  )
}

/** The replies that handled the type best in this organisation: a coaching library. */
function BestAnswers({ filters, typeId }: { filters: ReportFilters; typeId: string }) {
  const { t } = useTranslation('objections')
  const best = useBestAnswers(filters, typeId)
  return (
    <section aria-labelledby="best-answers-title" className="flex flex-col gap-3">
      <div>
        <h3 id="best-answers-title" className="text-base font-semibold text-gray-900">
          {t('report.best.title')}
        </h3>
        <p className="text-sm text-gray-600">{t('report.best.description')}</p>
      </div>
      {best.isError ? (
        <LoadError onRetry={() => void best.refetch()}>{t('report.best.failed')}</LoadError>
      ) : !best.data ? (
        <ListPlaceholder label={t('report.loading')} rows={2} />
      ) : best.data.models.length === 0 ? (
        <p className="text-sm text-gray-600">{t('report.best.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t('report.best.title')}>
          {best.data.models.map((objection) => (
            <QuoteCard key={objection.id} objection={objection} />
          ))}
        </ol>
      )}
    </section>
  )
}

/** Every quote of the type, newest first, 30 at a time. */
function QuoteList({ filters, typeId }: { filters: ReportFilters; typeId: string }) {
  const { t } = useTranslation('objections')
  const quotes = useQuotes(filters, typeId)
  const models = quotes.data?.pages.flatMap((page) => page.models) ?? []
  const total = quotes.data?.pages[0]?.pagination.total ?? 0
  return (
    <section aria-labelledby="quotes-title" className="flex flex-col gap-3">
      <div>
        <h3 id="quotes-title" className="text-base font-semibold text-gray-900">
          {t('report.quotes.title')}
        </h3>
        {quotes.data ? (
          <p className="text-sm text-gray-600">
            {t('report.quotes.shown', { shown: models.length, count: total })}
          </p>
        ) : null}
      </div>
      {quotes.isError && !quotes.data ? (
        <LoadError onRetry={() => void quotes.refetch()}>{t('report.quotes.failed')}</LoadError>
      ) : !quotes.data ? (
        <ListPlaceholder label={t('report.loading')} rows={3} />
      ) : models.length === 0 ? (
        <p className="text-sm text-gray-600">{t('report.quotes.empty')}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label={t('report.quotes.title')}>
            {models.map((objection) => (
              <QuoteCard key={objection.id} objection={objection} />
            ))}
          </ul>
          {quotes.hasNextPage ? (
            <Button
              type="button"
              variant="outline"
              className="self-center"
              disabled={quotes.isFetchingNextPage}
              onClick={() => void quotes.fetchNextPage()}
            >
              {quotes.isFetchingNextPage ? t('report.loading') : t('report.quotes.show_more')}
            </Button>
          ) : null}
          {quotes.isFetchNextPageError ? (
            <LoadError onRetry={() => void quotes.fetchNextPage()}>
              {t('report.quotes.failed')}
            </LoadError>
          ) : null}
        </>
      )}
    </section>
  )
}

/** The drill-down into one type: its best answers, then all its quotes. */
export function QuotesSection({
  filters,
  typeId,
  typeName,
  onClose,
}: {
  filters: ReportFilters
  typeId: string
  typeName: string
  onClose: () => void
}) {
  const { t } = useTranslation('objections')
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1.5">
          <CardTitle>
            <h2>{t('report.quotes.section_title', { type: typeName })}</h2>
          </CardTitle>
          <CardDescription>{t('report.quotes.section_description')}</CardDescription>
        </div>
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>
          <XIcon aria-hidden="true" />
          {t('report.quotes.all_types')}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <BestAnswers filters={filters} typeId={typeId} />
        <QuoteList filters={filters} typeId={typeId} />
      </CardContent>
    </Card>
  )
}
