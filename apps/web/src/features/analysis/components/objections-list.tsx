import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import type { DealObjection } from '@/entities/deal/api/types'
import {
  ObjectionFeedbackActions,
  useUndoCorrection,
} from '@/entities/objection/components/objection-feedback-actions'
import { readAccessTokenClaims } from '@/lib/access-token'
import { isolate } from '@/lib/bidi'

/** The objections the buyer raised, each with whether and how the seller answered it. */
export function ObjectionsList({ objections }: { objections: readonly DealObjection[] }) {
  const { t } = useTranslation('deals')
  // Here rather than with each objection: a toast's Undo outlives the objection it corrected.
  const undo = useUndoCorrection()
  const isAdmin = readAccessTokenClaims()?.role === 'admin'
  if (objections.length === 0) {
    return <p className="text-sm text-gray-600">{t('analysis.no_objections')}</p>
  }
  return (
    <ul className="flex flex-col gap-2">
      {objections.map((objection) => (
        <li key={objection.id} className="rounded-md border border-gray-200 p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span dir="auto" className="font-medium">
              {objection.type_name}
            </span>
            <Badge variant={objection.handled ? 'success' : 'warning'}>
              {objection.handled ? t('analysis.handled') : t('analysis.not_handled')}
            </Badge>
          </div>
          {/* What buyer and seller said keeps its own direction on a right-to-left page. */}
          <blockquote
            dir="auto"
            className="mt-2 border-s-2 border-gray-300 ps-3 break-words italic"
          >
            {objection.text}
          </blockquote>
          {objection.speaker ? (
            <p className="mt-1 text-gray-700">
              {t('analysis.raised_by', { speaker: isolate(objection.speaker) })}
            </p>
          ) : null}
          <p className="mt-2">
            <span className="text-gray-600">{t('analysis.reply')} </span>
            {objection.response ? (
              <bdi>{objection.response}</bdi>
            ) : (
              <span className="text-gray-600">{t('analysis.no_reply')}</span>
            )}
          </p>
          {/* A correction hides a rejected objection or moves it to its type at once. */}
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <ObjectionFeedbackActions objection={objection} isAdmin={isAdmin} undo={undo} />
          </div>
        </li>
      ))}
    </ul>
  )
}
