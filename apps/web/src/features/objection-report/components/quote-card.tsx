import type { ObjectionAnalysis } from '@dealcoach/contracts/objection-analysis'
import { Link } from '@tanstack/react-router'
import { FileTextIcon } from 'lucide-react'
import { createContext, useContext } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  ObjectionFeedbackActions,
  useUndoCorrection,
} from '@/entities/objection/components/objection-feedback-actions'
import { isolate } from '@/lib/bidi'
import { formatDate } from '@/lib/dates/format-date'
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

/** The page's undo, which outlives the quote a toast's Undo is about. */
export const useUndo = useUndoCorrection

const STATUS_VARIANT = { open: 'outline', won: 'success', lost: 'danger' } as const

/** One objection: what the prospect said, the seller's reply, its deal, and what can be done. */
export function QuoteCard({ objection }: { objection: ObjectionAnalysis }) {
  const { t, i18n } = useTranslation('objections')
  const { renderTranscript, isAdmin, undo } = useQuoteActions()
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4">
      <figure className="flex flex-col gap-2">
        {/* What buyer and seller said keeps its own direction on a right-to-left page. */}
        <blockquote className="border-s-4 border-gray-300 ps-3 text-gray-900">
          <p dir="auto">“{objection.text}”</p>
        </blockquote>
        <figcaption className="text-xs text-gray-600">
          {objection.speaker
            ? t('report.quotes.said_by', { speaker: isolate(objection.speaker) })
            : t('report.quotes.prospect')}
        </figcaption>
      </figure>
      <div className="rounded-md bg-gray-50 p-3 text-sm">
        <p className="font-medium text-gray-900">{t('report.quotes.reply')}</p>
        <p dir="auto" className="text-gray-800">
          {objection.response ?? t('report.quotes.no_reply')}
        </p>
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
          <bdi>{objection.deal.name}</bdi>
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
        <ObjectionFeedbackActions objection={objection} isAdmin={isAdmin} undo={undo} />
      </div>
    </li>
  )
}
