import { Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate } from '@/lib/dates/format-date'
import { useDealContacts } from '../api/get-deal-contacts'

// Roles may come as CRM codes (decision_maker): they read as words.

/** The buyer's people on this deal: who they are and how engaged they have been. */
export function DealContacts({ dealId, canEdit }: { dealId: string; canEdit: boolean }) {
  const { t, i18n } = useTranslation('deals')
  const contacts = useDealContacts(dealId)
  if (contacts.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">{t('contacts.loading')}</span>
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    )
  }
  if (contacts.isError) {
    return (
      <LoadError onRetry={() => void contacts.refetch()}>{t('contacts.load_failed')}</LoadError>
    )
  }
  const rows = contacts.data.models
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={<Users aria-hidden="true" className="size-10 text-gray-400" />}
        title={t('contacts.empty_title')}
        description={canEdit ? t('contacts.empty') : t('contacts.empty_read_only')}
        headingLevel={3}
      />
    )
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {rows.map((contact) => (
        <li key={contact.id} className="flex flex-col gap-1 rounded-md border border-gray-200 p-3">
          <p className="font-medium break-words">
            <bdi>{contact.name}</bdi>
          </p>
          {contact.title || contact.role ? (
            <p className="text-sm break-words text-gray-700">
              <bdi>
                {[contact.title, contact.role?.replaceAll('_', ' ')].filter(Boolean).join(' · ')}
              </bdi>
            </p>
          ) : null}
          {contact.email ? (
            <a
              href={`mailto:${contact.email}`}
              className="w-fit text-sm break-all text-brand-700 underline-offset-2 hover:underline"
            >
              {contact.email}
            </a>
          ) : null}
          <p className="text-sm text-gray-700">
            {contact.engagement_count === 0
              ? t('contacts.not_engaged')
              : t('contacts.engaged', {
                  count: contact.engagement_count,
                  date: formatDate(contact.last_engaged_at, 'closeDate', i18n.language),
                })}
          </p>
        </li>
      ))}
    </ul>
  )
}
