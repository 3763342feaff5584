import { Link } from '@tanstack/react-router'
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
import {
  formatAmount,
  formatDay,
  formatInstant,
  ownerName,
  STATUS_VARIANT,
} from '@/entities/deal/lib/deal-format'

/** The pipeline's deals: a table on wide screens, a list of cards on a phone. */
export function DealsList({ deals }: { deals: Deal[] }) {
  const { t, i18n } = useTranslation('deals')
  const language = i18n.language
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('list.name')}</TableHead>
              <TableHead>{t('list.stage')}</TableHead>
              <TableHead>{t('list.owner')}</TableHead>
              <TableHead className="text-end">{t('list.amount')}</TableHead>
              <TableHead>{t('list.close_date')}</TableHead>
              <TableHead>{t('list.status')}</TableHead>
              <TableHead>{t('list.last_activity')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {deals.map((deal) => (
              <TableRow key={deal.id}>
                <TableCell>
                  <Link
                    to="/deals/$dealId/"
                    params={{ dealId: deal.id }}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {deal.name}
                  </Link>
                </TableCell>
                <TableCell>{deal.stage?.name}</TableCell>
                <TableCell>{ownerName(deal.owner)}</TableCell>
                <TableCell className="text-end tabular-nums">
                  {formatAmount(deal, language)}
                </TableCell>
                <TableCell>{formatDay(deal.close_date, language)}</TableCell>
                <TableCell>
                  <Badge variant={STATUS_VARIANT[deal.status]}>{t(`status.${deal.status}`)}</Badge>
                </TableCell>
                <TableCell>
                  {deal.last_activity_at
                    ? formatInstant(deal.last_activity_at, language)
                    : t('list.no_activity')}
                </TableCell>
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
              <dd>{ownerName(deal.owner)}</dd>
              <dt className="text-gray-600">{t('list.amount')}</dt>
              <dd className="tabular-nums">{formatAmount(deal, language)}</dd>
              <dt className="text-gray-600">{t('list.close_date')}</dt>
              <dd>{formatDay(deal.close_date, language)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
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
