import type { DealActivity } from '@dealcoach/contracts/deal-activity'
import type { DealContact } from '@dealcoach/contracts/deals'
type EngagementActivity = DealActivity['activity'][number]

import { FileText, Mail, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toast'
import { useDealAnalysis } from '@/entities/deal/api/analysis-api'
import { useDeal } from '@/entities/deal/api/deals-api'
import { useDeleteEngagement, useEngagements } from '@/entities/deal/api/engagements-api'
import { useDealSolutionFit } from '@/entities/deal/api/solution-fit-api'
import type { EngagementSummary } from '@/entities/deal/api/types'
import { actionProgress, PROGRESS_VARIANT } from '@/entities/deal/lib/action-status'
import { formatDate } from '@/lib/dates/format-date'
import { useDealActivity } from '../api/get-deal-activity'
import { evidenceQuotes } from '../lib/evidence-quotes'
import { participantNames } from '../lib/participant-names'
import { EngagementDialog } from './engagement-dialog'
import { ParticipantList } from './participant-list'

/** The deal's calls and e-mails as a timeline, newest first; each opens in full. */
export function ActivitySection({ dealId, canEdit }: { dealId: string; canEdit: boolean }) {
  const { t } = useTranslation('deals')
  const engagements = useEngagements(dealId)
  const activity = useDealActivity(dealId)
  const analysis = useDealAnalysis(dealId)
  const solutionFit = useDealSolutionFit(dealId)
  const contacts = useDeal(dealId).data?.contacts ?? []
  const quotes = evidenceQuotes({
    analysis: analysis.data,
    activity: activity.data,
    solutionFit: solutionFit.data,
  })
  const actionsOf = new Map<string, EngagementActivity['actions']>()
  for (const model of activity.data?.models ?? []) {
    for (const entry of model.activity) actionsOf.set(entry.engagement_id, entry.actions)
  }
  const rows = [...(engagements.data?.models ?? [])].sort((a, b) =>
    b.occurred_at.localeCompare(a.occurred_at),
  )

  if (engagements.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">{t('activity.loading')}</span>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    )
  }
  if (engagements.isError) {
    return (
      <LoadError onRetry={() => void engagements.refetch()}>
        {t('engagements.load_failed')}
      </LoadError>
    )
  }
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={<FileText aria-hidden="true" className="size-10 text-gray-400" />}
        title={t('activity.empty_title')}
        description={canEdit ? t('activity.empty') : t('activity.empty_read_only')}
        headingLevel={3}
      />
    )
  }
  return (
    <ol className="relative flex flex-col gap-4 border-s-2 border-gray-200 ps-5">
      {rows.map((engagement) => (
        <TimelineItem
          key={engagement.id}
          dealId={dealId}
          engagement={engagement}
          actions={actionsOf.get(engagement.id) ?? []}
          quotes={quotes.get(engagement.id) ?? []}
          contacts={contacts}
          canEdit={canEdit}
        />
      ))}
    </ol>
  )
}

function TimelineItem({
  dealId,
  engagement,
  actions,
  quotes,
  contacts,
  canEdit,
}: {
  dealId: string
  engagement: EngagementSummary
  actions: EngagementActivity['actions']
  quotes: readonly string[]
  contacts: readonly DealContact[]
  canEdit: boolean
}) {
  const { t, i18n } = useTranslation('deals')
  const remove = useDeleteEngagement(dealId)
  const Icon = engagement.type === 'email' ? Mail : FileText
  return (
    <li id={`engagement-${engagement.id}`} className="relative">
      <span
        aria-hidden="true"
        className="absolute -start-[1.95rem] top-1 flex size-6 items-center justify-center rounded-full border border-gray-200 bg-white"
      >
        <Icon className="size-3.5 text-gray-600" />
      </span>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="text-sm text-gray-600">
            <time dateTime={engagement.occurred_at}>
              {formatDate(engagement.occurred_at, 'withTime', i18n.language)}
            </time>
            {' · '}
            {t(`engagements.type.${engagement.type}`)}
            {engagement.source_file_name ? ` · ${engagement.source_file_name}` : ''}
          </p>
          <EngagementDialog
            engagement={engagement}
            quotes={quotes}
            trigger={
              <button
                type="button"
                className="text-start font-medium break-words text-brand-700 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
              >
                <bdi>{engagement.name}</bdi>
                <span className="sr-only"> — {t('activity.open')}</span>
              </button>
            }
          />
          {engagement.people.length > 0 ? (
            <p className="text-sm break-words text-gray-700">
              <ParticipantList people={participantNames(engagement.people, contacts)} />
            </p>
          ) : null}
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
                onSuccess: () =>
                  notify.success(t('engagements.deleted', { name: engagement.name })),
                onError: () => notify.error(t('engagements.delete_failed')),
              })
            }
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {actions.length > 0 ? (
        <ul className="mt-2 flex min-w-0 flex-wrap gap-2" aria-label={t('activity.actions_label')}>
          {actions.map((action) => {
            const progress = actionProgress(action.status)
            return (
              <li key={action.action_id}>
                <Badge variant={PROGRESS_VARIANT[progress]} className="whitespace-normal">
                  {action.action}: {t(`analysis.progress.${progress}`)}
                </Badge>
              </li>
            )
          })}
        </ul>
      ) : null}
    </li>
  )
}
