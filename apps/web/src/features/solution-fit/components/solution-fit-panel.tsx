import { Gauge } from 'lucide-react'
import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { useDealAnalysis } from '@/entities/deal/api/analysis-api'
import {
  MAX_CRITERION_SCORE,
  SOLUTION_FIT_CRITERIA,
  totalScore,
  useDealSolutionFit,
  type SolutionFit,
} from '@/entities/deal/api/solution-fit-api'
import { TIER_COLOUR, TIER_KEY } from '../lib/solution-fit-colours'
import { EvidenceDialog } from './evidence-dialog'
import { SolutionFitCriteria } from './solution-fit-criteria'
import { SolutionFitGauge } from './solution-fit-gauge'

const MAX_TOTAL = MAX_CRITERION_SCORE * SOLUTION_FIT_CRITERIA.length

/** Spec §2: how well the deal fits the seller's solution, with the evidence behind each score. */
export function SolutionFitPanel({ dealId }: { dealId: string }) {
  const { t } = useTranslation('deals')
  const fit = useDealSolutionFit(dealId)
  const { refetch } = fit
  useRefetchAfterAnalysis(
    dealId,
    useCallback(() => void refetch(), [refetch]),
  )
  return (
    <section
      aria-labelledby="solution-fit-heading"
      className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4"
    >
      <h2 id="solution-fit-heading" className="text-lg font-semibold">
        {t('solution_fit.title')}
      </h2>
      {fit.isPending ? (
        <SolutionFitSkeleton />
      ) : fit.data ? (
        <SolutionFitResult fit={fit.data} />
      ) : (
        <EmptyState
          icon={<Gauge aria-hidden="true" className="size-10 text-gray-400" />}
          title={t('solution_fit.pending_title')}
          description={t('solution_fit.pending_description')}
          headingLevel={3}
        />
      )}
    </section>
  )
}

// Spec §4: the assessment updates by itself — when a new analysis lands, ask for the fit again.
function useRefetchAfterAnalysis(dealId: string, refetch: () => void) {
  const analysis = useDealAnalysis(dealId).data
  // undefined until the analysis is first read: that first reading is no news.
  const analysedAt = analysis ? analysis.analysed_at : undefined
  const seen = useRef(analysedAt)
  useEffect(() => {
    if (seen.current === analysedAt) return
    const isNews = seen.current !== undefined
    seen.current = analysedAt
    if (isNews) refetch()
  }, [analysedAt, refetch])
}

function SolutionFitResult({ fit }: { fit: SolutionFit }) {
  const { t } = useTranslation('deals')
  const total = totalScore(fit)
  const tierName = t(`solution_fit.tier.${TIER_KEY[fit.tier]}`)
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-1">
        <SolutionFitGauge
          tier={fit.tier}
          label={t('solution_fit.gauge_label', {
            tier: fit.tier,
            name: tierName,
            score: total,
            max: MAX_TOTAL,
          })}
        />
        <p className="text-lg font-semibold" style={{ color: TIER_COLOUR[fit.tier] }}>
          {tierName}
        </p>
        <p className="text-sm text-gray-700">
          {t('solution_fit.total')}:{' '}
          <span className="font-semibold text-gray-900 tabular-nums">
            {t('solution_fit.total_value', { score: total, max: MAX_TOTAL })}
          </span>
        </p>
      </div>
      <SolutionFitCriteria scoring={fit.scoring} />
      {fit.scoring.length > 0 ? (
        <div>
          <EvidenceDialog scoring={fit.scoring} />
        </div>
      ) : null}
    </div>
  )
}

function SolutionFitSkeleton() {
  const { t } = useTranslation('deals')
  return (
    <div role="status" className="flex flex-col items-center gap-4">
      <span className="sr-only">{t('solution_fit.loading')}</span>
      <Skeleton className="h-28 w-56 max-w-full rounded-t-full" />
      <Skeleton className="h-5 w-32" />
      <div className="flex w-full flex-col gap-3">
        {SOLUTION_FIT_CRITERIA.map((criterion) => (
          <Skeleton key={criterion} className="h-8 w-full" />
        ))}
      </div>
    </div>
  )
}
