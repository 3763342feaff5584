import type {
  Confidence,
  ConfidenceFactor,
  ExplanationParams,
} from '@dealcoach/contracts/intelligence'
import { dayCountParams, type DealSignals } from './deal-signals.js'
import { countOf } from '../text/count-of.js'

const BASE = 50

function factor(
  name: string,
  effect: number,
  detail: string,
  params: ExplanationParams,
): ConfidenceFactor {
  return { name, effect: Math.round(effect), detail, params }
}

/**
 * How long since the buyer was last heard from, as a factor. `since` (an open deal's last
 * activity) lets the count be read again on a later day; a closed deal's count stands as it was.
 */
export function activityFactor(days: number, since: string | null): ConfidenceFactor {
  const effect = days <= 7 ? 5 : days <= 21 ? 0 : days <= 45 ? -10 : -20
  return factor(
    'activity_recency',
    effect,
    `Last activity ${countOf(days, 'day')} ago.`,
    dayCountParams(days, since),
  )
}

/** How long the deal has been in its stage, as a factor; `since` as for activityFactor. */
export function stageFactor(days: number, since: string | null): ConfidenceFactor {
  return factor(
    'time_in_stage',
    days <= 30 ? 0 : days <= 60 ? -5 : -12,
    `${countOf(days, 'day')} in the current stage.`,
    dayCountParams(days, since),
  )
}

/** The score of a list of factors: a neutral 50 moved by each, within 0–100. */
export function confidenceScore(factors: readonly ConfidenceFactor[]): number {
  const raw = BASE + factors.reduce((sum, f) => sum + f.effect, 0)
  return Math.max(0, Math.min(100, Math.round(raw)))
}

// 0–100 from a neutral 50, each factor adding or removing points, listed so the user sees
// why. Weights favour evidence the buyer gave (fit, progress) over the calendar.
export function computeConfidence(signals: DealSignals): Confidence {
  const factors: ConfidenceFactor[] = []
  const fit = signals.solutionFit
  // A fit with no scoring was not assessed (too little from the buyer): it says nothing for or
  // against the deal, so it is no factor.
  if (fit.scoring.length > 0) {
    factors.push(
      factor(
        'solution_fit',
        ((fit.total - 6) / 6) * 20,
        `Solution fit ${fit.total}/12 (tier ${fit.tier}).`,
        { total: fit.total, tier: fit.tier },
      ),
    )
  }
  if (signals.currentStageActions > 0) {
    const share = signals.currentStageCompleted / signals.currentStageActions
    factors.push(
      factor(
        'current_stage_actions',
        (share - 0.5) * 20,
        `${signals.currentStageCompleted} of ${signals.currentStageActions} current-stage actions completed.`,
        { completed: signals.currentStageCompleted, total: signals.currentStageActions },
      ),
    )
  }
  if (signals.pastStageActions > 0) {
    const share = signals.pastStageCompleted / signals.pastStageActions
    factors.push(
      factor(
        'past_stage_actions',
        (share - 0.75) * 20,
        `${signals.pastStageCompleted} of ${signals.pastStageActions} earlier-stage actions completed.`,
        { completed: signals.pastStageCompleted, total: signals.pastStageActions },
      ),
    )
  }
  const open = signals.objections.filter((o) => !o.handled).length
  if (signals.objections.length > 0) {
    factors.push(
      factor(
        'unresolved_objections',
        -Math.min(20, open * 5),
        `${open} of ${signals.objections.length} objections not handled.`,
        { open, total: signals.objections.length },
      ),
    )
  }
  if (signals.daysSinceActivity !== null) {
    factors.push(activityFactor(signals.daysSinceActivity, signals.lastActivityAt))
  }
  const buyers = signals.buyerSpeakers
  factors.push(
    factor(
      'buyer_contacts',
      buyers === 0 ? -15 : buyers === 1 ? -8 : buyers >= 3 ? 8 : 3,
      `${countOf(buyers, 'buyer contact')} engaged.`,
      { count: buyers },
    ),
  )
  if (signals.daysInStage !== null) {
    factors.push(stageFactor(signals.daysInStage, signals.stageEnteredAt))
  }
  const score = confidenceScore(factors)
  return { score, level: score >= 70 ? 'high' : score >= 40 ? 'medium' : 'low', factors }
}
