import { FileText, Mail, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toast'
import { useDeleteEngagement, useEngagements } from '@/entities/deal/api/engagements-api'
import type { EngagementSummary } from '@/entities/deal/api/types'
import { formatInstant } from '@/entities/deal/lib/deal-format'
import { UploadEngagementDialog } from './upload-engagement-dialog'

/** The deal's calls and e-mails, newest first, with the way to add one. */
export function EngagementsSection({ dealId, canEdit }: { dealId: string; canEdit: boolean }) {
  const { t } = useTranslation('deals')
  const engagements = useEngagements(dealId)
  const rows = engagements.data?.models ?? []
  return (
    <section aria-labelledby="engagements-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="engagements-heading" className="text-lg font-semibold">
          {t('engagements.title')}
        </h2>
        {canEdit ? <UploadEngagementDialog dealId={dealId} /> : null}
      </div>
      {engagements.isPending ? <Skeleton className="h-16 w-full" /> : null}
      {engagements.isError ? (
        <LoadError onRetry={() => void engagements.refetch()}>
          {t('engagements.load_failed')}
        </LoadError>
      ) : null}
      {engagements.isSuccess && rows.length === 0 ? (
        <p className="text-sm text-gray-600">
          {canEdit ? t('engagements.empty') : t('engagements.empty_read_only')}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="flex flex-col divide-y divide-gray-200 rounded-md border border-gray-200">
          {rows.map((engagement) => (
            <EngagementRow
              key={engagement.id}
              dealId={dealId}
              engagement={engagement}
              canEdit={canEdit}
            />
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function EngagementRow({
  dealId,
  engagement,
  canEdit,
}: {
  dealId: string
  engagement: EngagementSummary
  canEdit: boolean
}) {
  const { t, i18n } = useTranslation('deals')
  const remove = useDeleteEngagement(dealId)
  const Icon = engagement.type === 'email' ? Mail : FileText
  return (
    <li id={`engagement-${engagement.id}`} className="flex items-center gap-3 p-3">
      <Icon
        aria-label={t(`engagements.type.${engagement.type}`)}
        className="size-5 text-gray-600"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{engagement.name}</p>
        <p className="text-sm text-gray-600">
          {formatInstant(engagement.occurred_at, i18n.language)}
          {engagement.source_file_name ? ` · ${engagement.source_file_name}` : ''}
        </p>
      </div>
      {canEdit ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={t('engagements.delete', { name: engagement.name })}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(engagement.id, {
              onSuccess: () => notify.success(t('engagements.deleted', { name: engagement.name })),
              onError: () => notify.error(t('engagements.delete_failed')),
            })
          }
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  )
}
