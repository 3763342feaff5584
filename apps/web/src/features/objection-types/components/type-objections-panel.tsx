import type { Objection } from '@dealcoach/contracts/objections'
import { Link } from '@tanstack/react-router'
import { Quote } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate } from '@/lib/dates/format-date'
import { useTypeObjections } from '../api/list-type-objections'

/**
 * The objections the engine found under one type, newest first. A failed fetch shows as none found
 * (spec §8), so the rest of the page is never blocked by it.
 */
export function TypeObjectionsPanel({ typeId, id }: { typeId: string; id?: string }) {
  const { t } = useTranslation('objection-types')
  const objections = useTypeObjections(typeId)

  if (objections.isPending) {
    return (
      <div id={id} role="status" className="flex flex-col gap-2">
        <span className="sr-only">{t('objections.loading')}</span>
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    )
  }

  // The fetcher never fails (spec §8), but a cancelled first fetch still leaves no data.
  const models = objections.data?.models ?? []
  const total = objections.data?.pagination.total ?? 0

  return (
    <div id={id} className="flex flex-col gap-3">
      <p className="text-sm font-medium text-gray-900">
        {t('objections.count', { count: total })}
        {total > models.length ? (
          <span className="font-normal text-gray-600">
            {' '}
            {t('objections.latest', { shown: models.length })}
          </span>
        ) : null}
      </p>
      {models.length === 0 ? (
        <p className="text-sm text-gray-600">{t('objections.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {models.map((objection) => (
            <ObjectionItem key={objection.id} objection={objection} />
          ))}
        </ul>
      )}
    </div>
  )
}

function ObjectionItem({ objection }: { objection: Objection }) {
  const { t, i18n } = useTranslation('objection-types')
  const score = Math.round(objection.handling_score * 100)
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-gray-200 bg-gray-50 p-3">
      <blockquote className="flex gap-2 text-sm text-gray-900">
        <Quote
          aria-hidden="true"
          className="mt-0.5 size-4 shrink-0 text-gray-400 rtl:-scale-x-100"
        />
        <p dir="auto" className="min-w-0 break-words">
          {objection.text}
        </p>
      </blockquote>
      {objection.response ? (
        <p className="ps-6 text-sm break-words text-gray-700">
          {t('objections.response', { response: objection.response })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 ps-6 text-xs text-gray-600">
        <Badge variant={objection.handled ? 'success' : 'danger'}>
          {objection.handled ? t('objections.handled') : t('objections.not_handled')}
        </Badge>
        <span>{t('objections.score', { score })}</span>
        {objection.speaker ? <span>{objection.speaker}</span> : null}
        <Link
          to="/deals/$dealId/"
          params={{ dealId: objection.deal_id }}
          className="rounded-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        >
          {objection.deal_name}
        </Link>
        <time dateTime={objection.occurred_at}>
          {formatDate(objection.occurred_at, 'short', i18n.language)}
        </time>
      </div>
    </li>
  )
}
