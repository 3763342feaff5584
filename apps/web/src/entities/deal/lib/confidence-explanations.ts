import type { ConfidenceFactor, RiskWarning } from '@dealcoach/contracts/intelligence'
import { useTranslation } from 'react-i18next'

/** The factors the engine names (intelligence/confidence/compute-confidence.ts). */
const FACTOR_NAMES = new Set([
  'solution_fit',
  'current_stage_actions',
  'past_stage_actions',
  'unresolved_objections',
  'activity_recency',
  'buyer_contacts',
  'time_in_stage',
])

/**
 * Why a deal's confidence moved, and its risk warnings, in the reader's language: from each
 * factor's name or warning's code and the values it names. Analyses stored before the engine
 * gave those values keep its English sentence until the deal is analysed again.
 */
export function useConfidenceExplanations() {
  const { t } = useTranslation('common')
  return {
    factorText: (factor: ConfidenceFactor): string =>
      factor.params && FACTOR_NAMES.has(factor.name)
        ? t(`confidence_factors.${factor.name}`, factor.params)
        : factor.detail,
    riskText: (risk: RiskWarning): string =>
      risk.params ? t(`risk_warnings.${risk.code}`, risk.params) : risk.message,
  }
}
