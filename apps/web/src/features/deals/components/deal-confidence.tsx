import type { ConfidenceFactor } from '@dealcoach/contracts/intelligence'
import type * as React from 'react'
import { AlertTriangle, TrendingDown, TrendingUp } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { useDealAnalysis } from '@/entities/deal/api/analysis-api'
import { useConfidenceExplanations } from '@/entities/deal/lib/confidence-explanations'

const SEVERITY_VARIANT = { low: 'secondary', medium: 'warning', high: 'danger' } as const

/** What raised and lowered the deal's confidence, and the risks the analysis warns about. */
export function DealConfidence({ dealId }: { dealId: string }) {
  const { t } = useTranslation('deals')
  const { riskText, riskDir } = useConfidenceExplanations()
  const analysis = useDealAnalysis(dealId).data
  const factors = analysis?.confidence?.factors ?? []
  const risks = analysis?.risks ?? []
  if (factors.length === 0 && risks.length === 0) return null
  const raised = factors.filter((factor) => factor.effect > 0)
  const lowered = factors.filter((factor) => factor.effect < 0)
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {raised.length > 0 ? (
        <FactorList
          title={t('header.raised')}
          icon={<TrendingUp aria-hidden="true" className="size-4 text-green-700" />}
          factors={raised}
        />
      ) : null}
      {lowered.length > 0 ? (
        <FactorList
          title={t('header.lowered')}
          icon={<TrendingDown aria-hidden="true" className="size-4 text-red-700" />}
          factors={lowered}
        />
      ) : null}
      {risks.length > 0 ? (
        <section aria-labelledby="risks-heading" className="flex flex-col gap-2">
          <h2 id="risks-heading" className="flex items-center gap-1.5 text-sm font-semibold">
            <AlertTriangle aria-hidden="true" className="size-4 text-amber-700" />
            {t('header.risks')}
          </h2>
          <ul className="flex flex-col gap-1.5 text-sm">
            {risks.map((risk, index) => (
              // One warning per unhandled objection: the code alone is not unique.
              <li key={`${risk.code}-${index}`} className="flex flex-wrap items-start gap-2">
                <Badge variant={SEVERITY_VARIANT[risk.severity]}>
                  {t(`header.severity.${risk.severity}`)}
                </Badge>
                <span dir={riskDir(risk)} className="min-w-0 flex-1 break-words">
                  {riskText(risk)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

function FactorList({
  title,
  icon,
  factors,
}: {
  title: string
  icon: React.ReactNode
  factors: readonly ConfidenceFactor[]
}) {
  const { i18n } = useTranslation('deals')
  const { factorText, factorDir } = useConfidenceExplanations()
  const signed = new Intl.NumberFormat(i18n.language, { signDisplay: 'always' })
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <h2 className="flex items-center gap-1.5 text-sm font-semibold">
        {icon}
        {title}
      </h2>
      <ul className="flex flex-col gap-1.5 text-sm">
        {factors.map((factor) => (
          <li key={factor.name} className="flex items-start gap-2">
            <span className="w-9 shrink-0 font-medium tabular-nums">
              {signed.format(Math.round(factor.effect))}
            </span>
            <span dir={factorDir(factor)} className="min-w-0 flex-1 break-words text-gray-800">
              {factorText(factor)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
