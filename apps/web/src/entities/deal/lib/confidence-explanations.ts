import type { ConfidenceFactor, RiskWarning } from '@dealcoach/contracts/intelligence'
import { useTranslation } from 'react-i18next'
import { isolateValues } from '@/lib/bidi'

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
 * gave those values keep its English sentence until the deal is analysed again. What a warning
 * quotes (the buyer's words, a type's name) keeps its own direction inside the sentence.
 */
export function useConfidenceExplanations() {
  const { t } = useTranslation('common')
  const saysFactor = (factor: ConfidenceFactor) => !!factor.params && FACTOR_NAMES.has(factor.name)
  return {
    factorText: (factor: ConfidenceFactor): string =>
      saysFactor(factor) ? t(`confidence_factors.${factor.name}`, factor.params) : factor.detail,
    riskText: (risk: RiskWarning): string =>
      risk.params ? t(`risk_warnings.${risk.code}`, isolateValues(risk.params)) : risk.message,
    /**
     * The `dir` of the element showing the text: the engine's English sentence lays out by its
     * own direction ('auto'); a sentence in the reader's language keeps the page's, whatever name
     * or quote it starts with.
     */
    factorDir: (factor: ConfidenceFactor): 'auto' | undefined =>
      saysFactor(factor) ? undefined : 'auto',
    riskDir: (risk: RiskWarning): 'auto' | undefined => (risk.params ? undefined : 'auto'),
  }
}
