import type { ObjectionAnalysis } from '@dealcoach/contracts/objection-analysis'
import { Link } from '@tanstack/react-router'
import { FileTextIcon } from 'lucide-react'
import { createContext, useContext, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { Select } from '@/components/ui/select'
import { notify } from '@/components/ui/toast'
import { formatDate } from '@/lib/dates/format-date'
import {
  usePromoteObjection,
  useReportTypes,
  useSendFeedback,
  useUndoFeedback,
} from '../api/objection-report-api'
import { feedbackProblem } from '../lib/feedback-errors'
import { formatPercent } from '../lib/report-format'

/** Opens the call or e-mail an objection was raised in, with its quote marked. */
export type RenderTranscript = (props: {
  objection: ObjectionAnalysis
  trigger: React.ReactElement
}) => React.ReactNode

interface QuoteActions {
  renderTranscript: RenderTranscript
  isAdmin: boolean
  /** The signed-in user's id: members take back their own corrections only. */
  userId: string | null
  /** Undoes a correction; lives with the page, so that a toast's Undo outlives the quote. */
  undo: (feedbackId: string) => void
}

const QuoteActionsContext = createContext<QuoteActions | null>(null)
export const QuoteActionsProvider = QuoteActionsContext.Provider

function useQuoteActions(): QuoteActions {
  const actions = useContext(QuoteActionsContext)
  if (!actions) throw new Error('Quotes must be shown within a QuoteActionsProvider')
  return actions
}

/** The page's undo: the correction is removed, the counts come back, and the user is told. */
export function useUndo(): (feedbackId: string) => void {
  const { t } = useTranslation('objections')
  const undo = useUndoFeedback()
  return (feedbackId) =>
    undo.mutate(feedbackId, {
      onSuccess: () => notify.success(t('report.feedback.undone')),
      onError: (error) => notify.error(t(feedbackProblem(error))),
    })
}

const STATUS_VARIANT = { open: 'outline', won: 'success', lost: 'danger' } as const

/** One objection: what the prospect said, the seller's reply, its deal, and what can be done. */
export function QuoteCard({ objection }: { objection: ObjectionAnalysis }) {
  const { t, i18n } = useTranslation('objections')
  const { renderTranscript } = useQuoteActions()
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <figure className="flex flex-col gap-2">
        <blockquote className="border-s-4 border-gray-300 ps-3 text-gray-900">
          <p>“{objection.text}”</p>
        </blockquote>
        <figcaption className="text-xs text-gray-600">
          {objection.speaker
            ? t('report.quotes.said_by', { speaker: objection.speaker })
            : t('report.quotes.prospect')}
        </figcaption>
      </figure>
      <div className="rounded-md bg-gray-50 p-3 text-sm">
        <p className="font-medium text-gray-900">{t('report.quotes.reply')}</p>
        <p className="text-gray-800">{objection.response ?? t('report.quotes.no_reply')}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={objection.handled ? 'success' : 'warning'}>
          {objection.handled ? t('report.quotes.handled') : t('report.quotes.not_handled')}
        </Badge>
        <span className="text-gray-700">
          {t('report.quotes.score', {
            score: formatPercent(objection.handling_score, i18n.language),
          })}
        </span>
        <span aria-hidden="true" className="text-gray-400">
          ·
        </span>
        <Link
          to="/deals/$dealId/"
          params={{ dealId: objection.deal.id }}
          className="font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          {objection.deal.name}
        </Link>
        <Badge variant={STATUS_VARIANT[objection.deal.status]}>
          {t(`report.quotes.status.${objection.deal.status}`)}
        </Badge>
        <span aria-hidden="true" className="text-gray-400">
          ·
        </span>
        <time dateTime={objection.created} className="text-gray-700">
          {formatDate(objection.created, 'short', i18n.language)}
        </time>
        {objection.feedback ? <Badge variant="info">{t('report.quotes.moved_here')}</Badge> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {renderTranscript({
          objection,
          trigger: (
            <Button type="button" variant="outline" size="sm">
              <FileTextIcon aria-hidden="true" />
              {t('report.quotes.open_transcript')}
              <span className="sr-only">
                {t('report.quotes.open_transcript_of', { name: objection.engagement.name })}
              </span>
            </Button>
          ),
        })}
        <FeedbackActions objection={objection} />
      </div>
    </li>
  )
}

/** Any user corrects a detection; admins also teach the engine with it. */
function FeedbackActions({ objection }: { objection: ObjectionAnalysis }) {
  const { t } = useTranslation('objections')
  const { isAdmin, undo } = useQuoteActions()
  const send = useSendFeedback()
  const promote = usePromoteObjection()
  const [moving, setMoving] = useState(false)

  const correct = (
    body: Parameters<typeof send.mutate>[0]['body'],
    done: (typeName?: string) => string,
    typeName?: string,
  ) =>
    // A promise rather than mutate's callbacks: the corrected quote leaves the list (and this
    // card unmounts) as soon as the report is read again, and the toast must still come.
    void send.mutateAsync({ objectionId: objection.id, body }).then(
      (feedback) => {
        setMoving(false)
        notify.success(done(typeName), {
          action: { label: t('report.feedback.undo'), onClick: () => undo(feedback.id) },
        })
      },
      (error: unknown) => notify.error(t(feedbackProblem(error))),
    )

  return (
    <>
      {/* The card does not say who corrected it; members undo their own in Corrections. */}
      {objection.feedback && isAdmin ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => undo(objection.feedback!.id)}
        >
          {t('report.feedback.undo_correction')}
        </Button>
      ) : null}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={send.isPending}
        onClick={() => correct({ verdict: 'not_objection' }, () => t('report.feedback.rejected'))}
      >
        {t('report.feedback.not_objection')}
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={send.isPending}
        onClick={() => setMoving(true)}
      >
        {t('report.feedback.other_type')}
      </Button>
      {isAdmin ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={promote.isPending}
          onClick={() =>
            promote.mutate(objection.id, {
              onSuccess: () =>
                notify.success(t('report.feedback.promoted', { type: objection.type_name })),
              onError: (error) => notify.error(t(feedbackProblem(error))),
            })
          }
        >
          {t('report.feedback.promote')}
        </Button>
      ) : null}
      {moving ? (
        <OtherTypeDialog
          objection={objection}
          pending={send.isPending}
          onClose={() => setMoving(false)}
          onChoose={(typeId, typeName) =>
            correct(
              { verdict: 'other_type', objection_type_id: typeId },
              (name) => t('report.feedback.moved', { type: name }),
              typeName,
            )
          }
        />
      ) : null}
    </>
  )
}

/** Chooses the type the quote really is, among the organisation's active types. */
function OtherTypeDialog({
  objection,
  pending,
  onClose,
  onChoose,
}: {
  objection: ObjectionAnalysis
  pending: boolean
  onClose: () => void
  onChoose: (typeId: string, typeName: string) => void
}) {
  const { t } = useTranslation('objections')
  const types = (useReportTypes().data?.models ?? []).filter(
    (type) => type.active && type.id !== objection.objection_type_id,
  )
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const type = types.find((candidate) => candidate.id === chosen)
  return (
    <ModalDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={t('report.feedback.other_type_title')}
      description={t('report.feedback.other_type_description', { type: objection.type_name })}
      footer={
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('report.feedback.cancel')}
          </Button>
          <Button
            type="button"
            disabled={!type || pending}
            onClick={() => {
              if (type) onChoose(type.id, type.name)
            }}
          >
            {t('report.feedback.move')}
          </Button>
        </div>
      }
    >
      {types.length === 0 ? (
        <p className="text-sm text-gray-700">{t('report.feedback.no_other_types')}</p>
      ) : (
        <Select
          label={t('report.feedback.type')}
          value={chosen}
          onValueChange={setChosen}
          options={types.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        />
      )}
    </ModalDialog>
  )
}
