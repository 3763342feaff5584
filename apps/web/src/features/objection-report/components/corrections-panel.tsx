import type { ObjectionFeedback } from '@dealcoach/contracts/objection-analysis'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { LoadError } from '@/components/ui/load-error'
import { ScrollTable } from '@/components/ui/scroll-table'
import { Skeleton } from '@/components/ui/skeleton'
import {
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { formatDate } from '@/lib/dates/format-date'
import { useCorrections } from '../api/objection-report-api'

/** What a correction said, in words. */
function Verdict({ feedback }: { feedback: ObjectionFeedback }) {
  const { t } = useTranslation('objections')
  if (feedback.verdict === 'not_objection') return <>{t('report.corrections.not_objection')}</>
  return (
    <>
      {t('report.corrections.moved', {
        from: feedback.original_type?.name ?? t('report.corrections.unknown_type'),
        to: feedback.corrected_type?.name ?? t('report.corrections.unknown_type'),
      })}
    </>
  )
}

/** The organisation's corrections, newest first, each one reversible. */
export function CorrectionsPanel({
  undo,
  canUndo,
}: {
  undo: (feedbackId: string) => void
  /** Members take back their own corrections, admins anyone's. */
  canUndo: (feedback: ObjectionFeedback) => boolean
}) {
  const { t, i18n } = useTranslation('objections')
  const corrections = useCorrections()
  const caption = t('report.corrections.caption')

  if (corrections.isError) {
    return (
      <LoadError onRetry={() => void corrections.refetch()}>
        {t('report.corrections.failed')}
      </LoadError>
    )
  }
  if (!corrections.data) {
    return (
      <div role="status" aria-label={t('report.loading')} className="flex flex-col gap-3">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    )
  }
  if (corrections.data.models.length === 0) {
    return <p className="text-sm text-gray-600">{t('report.corrections.empty')}</p>
  }
  return (
    <div className="flex flex-col gap-2">
      <ScrollTable label={caption}>
        <TableCaption className="caption-top text-start">{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t('report.corrections.quote')}</TableHead>
            <TableHead scope="col">{t('report.corrections.verdict')}</TableHead>
            <TableHead scope="col">{t('report.corrections.deal')}</TableHead>
            <TableHead scope="col">{t('report.corrections.by')}</TableHead>
            <TableHead scope="col">{t('report.corrections.when')}</TableHead>
            <TableHead scope="col">
              <span className="sr-only">{t('report.corrections.actions')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {corrections.data.models.map((feedback) => (
            <TableRow key={feedback.id}>
              <TableHead scope="row" dir="auto" className="max-w-md font-normal whitespace-normal">
                “{feedback.quote}”
              </TableHead>
              <TableCell className="whitespace-normal">
                <Verdict feedback={feedback} />
              </TableCell>
              <TableCell>
                <Link
                  to="/deals/$dealId/"
                  params={{ dealId: feedback.deal.id }}
                  className="text-brand-700 underline-offset-4 hover:underline"
                >
                  <bdi>{feedback.deal.name}</bdi>
                </Link>
              </TableCell>
              <TableCell>{feedback.user?.name ?? t('report.corrections.former_user')}</TableCell>
              <TableCell>
                <time dateTime={feedback.created_at}>
                  {formatDate(feedback.created_at, 'short', i18n.language)}
                </time>
              </TableCell>
              <TableCell className="text-end">
                {canUndo(feedback) ? (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={t('report.corrections.undo_of', { quote: feedback.quote })}
                    onClick={() => undo(feedback.id)}
                  >
                    {t('report.feedback.undo')}
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
      {corrections.data.pagination.total > corrections.data.models.length ? (
        <p className="text-xs text-gray-600">
          {t('report.corrections.more', {
            shown: corrections.data.models.length,
            count: corrections.data.pagination.total,
          })}
        </p>
      ) : null}
    </div>
  )
}
