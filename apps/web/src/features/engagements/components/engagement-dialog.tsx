import type { EngagementDetail } from '@dealcoach/contracts/engagements'
import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { LoadError } from '@/components/ui/load-error'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { Skeleton } from '@/components/ui/skeleton'
import type { EngagementSummary } from '@/entities/deal/api/types'
import { formatDate } from '@/lib/dates/format-date'
import { useEngagement } from '../api/get-engagement'
import { participantNames } from '../lib/participant-names'
import { HighlightedText } from './highlighted-text'
import { ParticipantList } from './participant-list'

/** Opens one call or e-mail in full, with the sentences the analysis quoted marked. */
export function EngagementDialog({
  engagement,
  quotes,
  trigger,
}: {
  engagement: EngagementSummary
  quotes: readonly string[]
  trigger: React.ReactElement
}) {
  const { t, i18n } = useTranslation('deals')
  return (
    <ModalDialog
      variant="wide"
      title={<bdi>{engagement.name}</bdi>}
      description={`${t(`engagements.type.${engagement.type}`)} · ${formatDate(
        engagement.occurred_at,
        'withTime',
        i18n.language,
      )}`}
      trigger={trigger}
    >
      <EngagementBody engagement={engagement} quotes={quotes} />
    </ModalDialog>
  )
}

function EngagementBody({
  engagement,
  quotes,
}: {
  engagement: EngagementSummary
  quotes: readonly string[]
}) {
  const { t } = useTranslation('deals')
  const detail = useEngagement(engagement.id, engagement.type)
  if (detail.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">{t('activity.loading_engagement')}</span>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-2/3" />
      </div>
    )
  }
  if (detail.isError) {
    return (
      <LoadError onRetry={() => void detail.refetch()}>{t('activity.engagement_failed')}</LoadError>
    )
  }
  const found = quotes.length > 0
  return (
    // Focusable so the dialog's scrolling body can be scrolled from the keyboard.
    <div
      role="region"
      aria-label={engagement.name}
      tabIndex={0}
      className="flex flex-col gap-3 rounded-md focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      <p className="text-sm text-gray-700">
        {found ? t('activity.evidence_hint') : t('activity.no_evidence_hint')}
      </p>
      {detail.data.utterances.length > 0 ? (
        <Transcript detail={detail.data} quotes={quotes} />
      ) : (
        <Email detail={detail.data} quotes={quotes} />
      )}
    </div>
  )
}

/** m:ss (or h:mm:ss) from the start of the call. */
function offset(ms: number) {
  const seconds = Math.floor(ms / 1000)
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  const rest = String(seconds % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}

function Transcript({ detail, quotes }: { detail: EngagementDetail; quotes: readonly string[] }) {
  const { t } = useTranslation('deals')
  return (
    <ol className="flex flex-col gap-3" aria-label={t('activity.transcript')}>
      {detail.utterances.map((utterance, index) => (
        <li key={index} className="flex flex-col gap-1 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span dir="auto" className="font-semibold">
              {utterance.speaker}
            </span>
            <Badge variant={utterance.role === 'seller' ? 'info' : 'secondary'}>
              {t(`activity.role.${utterance.role}`)}
            </Badge>
            {utterance.start_ms !== undefined ? (
              <time className="text-gray-600 tabular-nums">{offset(utterance.start_ms)}</time>
            ) : null}
          </div>
          <p dir="auto" className="text-gray-900">
            <HighlightedText text={utterance.text} quotes={quotes} />
          </p>
        </li>
      ))}
    </ol>
  )
}

function Email({ detail, quotes }: { detail: EngagementDetail; quotes: readonly string[] }) {
  const { t } = useTranslation('deals')
  return (
    <article className="flex flex-col gap-2 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-700">
        {detail.subject ? (
          <>
            <dt>{t('activity.subject')}</dt>
            <dd dir="auto" className="font-medium text-gray-900">
              {detail.subject}
            </dd>
          </>
        ) : null}
        {detail.people.length > 0 ? (
          <>
            <dt>{t('activity.participants')}</dt>
            <dd className="break-words">
              <ParticipantList people={participantNames(detail.people, [])} />
            </dd>
          </>
        ) : null}
      </dl>
      <p dir="auto" className="break-words whitespace-pre-wrap text-gray-900">
        <HighlightedText text={detail.body} quotes={quotes} />
      </p>
    </article>
  )
}
