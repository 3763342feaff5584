import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { Tooltip } from '@/components/ui/tooltip'
import {
  MAX_CRITERION_SCORE,
  type EvidenceRef,
  type SolutionFitScoring,
} from '@/entities/deal/api/solution-fit-api'
import { useAnalysisExplanations } from '@/entities/deal/lib/analysis-explanations'
import { isolate } from '@/lib/bidi'
import { formatDate } from '@/lib/dates/format-date'
import { orderedScoring, useCriterionName } from './solution-fit-criteria'

/** The wide modal dialog listing, per criterion, what was said or written behind its score. */
export function EvidenceDialog({ scoring }: { scoring: readonly SolutionFitScoring[] }) {
  const { t } = useTranslation('deals')
  const criterionName = useCriterionName()
  return (
    <ModalDialog
      variant="wide"
      title={t('solution_fit.evidence_title')}
      description={t('solution_fit.evidence_description')}
      trigger={
        <Button type="button" variant="outline" size="sm">
          {t('solution_fit.evidence')}
        </Button>
      }
    >
      {/* Focusable so the dialog's scrolling body can be scrolled from the keyboard. */}
      <div
        role="region"
        aria-label={t('solution_fit.evidence_title')}
        tabIndex={0}
        className="flex flex-col gap-6 rounded-md focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        {orderedScoring(scoring).map((entry) => (
          <section key={entry.type} className="flex flex-col gap-2">
            <h3 className="flex flex-wrap items-baseline justify-between gap-2 font-semibold">
              <span>{criterionName(entry.type)}</span>
              <span className="text-sm font-normal text-gray-700 tabular-nums">
                {t('solution_fit.criterion_score', {
                  score: entry.score,
                  max: MAX_CRITERION_SCORE,
                })}
              </span>
            </h3>
            <Justification scoring={entry} />
            {entry.evidenceRefs.length === 0 ? (
              <p className="text-sm text-gray-600">{t('solution_fit.no_evidence')}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {entry.evidenceRefs.map((ref, index) => (
                  <EvidenceItem key={`${ref.engagement.id}-${index}`} evidence={ref} />
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </ModalDialog>
  )
}

function Justification({ scoring }: { scoring: SolutionFitScoring }) {
  const { text, dir } = useAnalysisExplanations().justification(scoring)
  return text ? (
    <p dir={dir} className="text-sm text-gray-700">
      {text}
    </p>
  ) : null
}

function EvidenceItem({ evidence }: { evidence: EvidenceRef }) {
  const { t, i18n } = useTranslation('deals')
  return (
    <li className="rounded-md border border-gray-200 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-gray-700">
        <span dir="auto" className="font-medium text-gray-900">
          {evidence.engagement.name}
        </span>
        <span>{formatDate(evidence.engagement.date, 'closeDate', i18n.language)}</span>
        {evidence.new ? (
          // Spec §9: a tooltip, which opens as a popover where there is no hover.
          <Tooltip content={t('solution_fit.new_hint')}>
            <Badge asChild variant="info">
              <button type="button">{t('solution_fit.new')}</button>
            </Badge>
          </Tooltip>
        ) : null}
      </div>
      <blockquote dir="auto" className="mt-2 border-s-2 border-gray-300 ps-3 text-gray-900 italic">
        {evidence.text}
      </blockquote>
      <p className="mt-1 text-gray-700">
        {t('solution_fit.said_by', {
          speaker: isolate(evidence.speaker),
          role: t(`solution_fit.role.${evidence.role}`),
        })}
      </p>
    </li>
  )
}
