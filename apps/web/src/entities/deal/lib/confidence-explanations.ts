import type {
  ConfidenceFactor,
  ExplanationParams,
  RiskWarning,
} from '@dealcoach/contracts/intelligence'
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

const DAY_MS = 86_400_000

/**
 * The values as of today. An open deal's day counts (since its last activity, in its stage) come
 * with the day they run from (`since`): the stored count was true the day the deal was analysed,
 * and a deal nobody has talked to since is not analysed again until a count crosses a step.
 */
function asOfToday(params: ExplanationParams): ExplanationParams {
  const since = typeof params.since === 'string' ? Date.parse(params.since) : Number.NaN
  if (Number.isNaN(since)) return params
  return { ...params, count: Math.max(0, Math.floor((Date.now() - since) / DAY_MS)) }
}

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
      saysFactor(factor) && factor.params
        ? t(`confidence_factors.${factor.name}`, asOfToday(factor.params))
        : factor.detail,
    riskText: (risk: RiskWarning): string =>
      risk.params
        ? t(`risk_warnings.${risk.code}`, isolateValues(asOfToday(risk.params)))
        : risk.message,
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
