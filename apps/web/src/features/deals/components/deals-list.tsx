import { Link } from '@tanstack/react-router'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import type { Deal } from '@/entities/deal/api/types'
import { formatAmount, STATUS_VARIANT } from '@/entities/deal/lib/deal-format'
import { OwnerLabel } from './owner-label'
import { cn } from '@/lib/cn'
import { formatDate } from '@/lib/dates/format-date'

/** The columns the table can be sorted by, as the deal list's orderBy names them. */
export type DealSortField = 'name' | 'amount' | 'close_date' | 'last_activity_at' | 'created_at'

export interface DealSort {
  field: DealSortField
  descending: boolean
}

export interface DealsListProps {
  deals: Deal[]
  /** The order shown; with onSort the sortable headers become buttons. */
  sort?: DealSort
  onSort?: (field: DealSortField) => void
}

/** The pipeline's deals: a table on wide screens, a list of cards on a phone. */
export function DealsList({ deals, sort, onSort }: DealsListProps) {
  const { t, i18n } = useTranslation('deals')
  const language = i18n.language
  const sortable = (field: DealSortField, label: string, className?: string) => (
    <SortableHead field={field} label={label} sort={sort} onSort={onSort} className={className} />
  )
  // The server sorts amounts within each currency (ADR 0037): say so where the page mixes them.
  const mixedCurrencies =
    sort?.field === 'amount' && new Set(deals.map((deal) => deal.currency ?? '')).size > 1
  return (
    <>
      {mixedCurrencies ? (
        <p className="text-sm text-gray-600">{t('list.amount_by_currency')}</p>
      ) : null}
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow>
              {sortable('name', t('list.name'))}
              <TableHead>{t('list.stage')}</TableHead>
              <TableHead>{t('list.owner')}</TableHead>
              {sortable('amount', t('list.amount'), 'text-end')}
              {sortable('close_date', t('list.close_date'))}
              <TableHead>{t('list.status')}</TableHead>
              {sortable('last_activity_at', t('list.last_activity'))}
              {sortable('created_at', t('list.added'))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {deals.map((deal) => (
              <TableRow key={deal.id}>
                {/* A long name wraps within its column instead of pushing the others out of view. */}
                <TableCell className="max-w-80 min-w-40 whitespace-normal [overflow-wrap:anywhere]">
                  <Link
                    to="/deals/$dealId/"
                    params={{ dealId: deal.id }}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {deal.name}
                  </Link>
                </TableCell>
                <TableCell>{deal.stage?.name}</TableCell>
                <TableCell>
                  <OwnerLabel owner={deal.owner} />
                </TableCell>
                <TableCell className="text-end tabular-nums">
                  {formatAmount(deal, language)}
                </TableCell>
                <TableCell>{formatDate(deal.close_date, 'closeDate', language)}</TableCell>
                <TableCell>
                  <Badge variant={STATUS_VARIANT[deal.status]}>{t(`status.${deal.status}`)}</Badge>
                </TableCell>
                <TableCell>
                  {deal.last_activity_at
                    ? formatDate(deal.last_activity_at, 'closeDate', language)
                    : t('list.no_activity')}
                </TableCell>
                <TableCell>{formatDate(deal.created_at, 'closeDate', language)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden">
        {deals.map((deal) => (
          <li key={deal.id} className="rounded-lg border border-gray-200 bg-white p-4">
            <div className="flex items-start justify-between gap-2">
              <Link
                to="/deals/$dealId/"
                params={{ dealId: deal.id }}
                className="font-medium text-brand-700 hover:underline"
              >
                {deal.name}
              </Link>
              <Badge variant={STATUS_VARIANT[deal.status]}>{t(`status.${deal.status}`)}</Badge>
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-600">{t('list.stage')}</dt>
              <dd>{deal.stage?.name}</dd>
              <dt className="text-gray-600">{t('list.owner')}</dt>
              <dd>
                <OwnerLabel owner={deal.owner} />
              </dd>
              <dt className="text-gray-600">{t('list.amount')}</dt>
              <dd className="tabular-nums">{formatAmount(deal, language)}</dd>
              <dt className="text-gray-600">{t('list.close_date')}</dt>
              <dd>{formatDate(deal.close_date, 'closeDate', language)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  )
}

function SortableHead({
  field,
  label,
  sort,
  onSort,
  className,
}: {
  field: DealSortField
  label: string
  sort: DealSort | undefined
  onSort: ((field: DealSortField) => void) | undefined
  className?: string
}) {
  const active = sort?.field === field
  const Icon = !active ? ArrowUpDown : sort.descending ? ArrowDown : ArrowUp
  return (
    <TableHead
      className={className}
      aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}
    >
      {onSort ? (
        <button
          type="button"
          onClick={() => onSort(field)}
          className="inline-flex items-center gap-1 rounded font-medium outline-none hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          {label}
          <Icon aria-hidden="true" className={cn('size-3.5', !active && 'opacity-40')} />
        </button>
      ) : (
        label
      )}
    </TableHead>
  )
}

/** The table's shape while the deals load. */
export function DealsListPlaceholder() {
  const { t } = useTranslation()
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-2">
      <span className="sr-only">{t('common:loading')}</span>
      <Skeleton className="h-10 w-full" />
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-12 w-full" />
      ))}
    </div>
  )
}
