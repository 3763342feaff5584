import type { RiskWarning } from '@dealcoach/contracts/intelligence'
import { dayCountParams, type DealSignals } from './deal-signals.js'

export const NO_ACTIVITY_DAYS = 21
export const STALLED_DAYS = 45
// Silence longer than this is a high risk.
const LONG_SILENCE_DAYS = 45

/**
 * The unhandled objections, each type and wording once: a buyer who says the same sentence in
 * two calls (the demo's phrase grammar does, and so do real buyers) raised it twice, which the
 * objection report counts, but the deal's warning list would read the same line twice.
 */
function unhandledOnce(objections: DealSignals['objections']): DealSignals['objections'] {
  const seen = new Set<string>()
  return objections.filter((objection) => {
    if (objection.handled) return false
    const key = `${objection.type}\u0000${objection.quote.trim().toLowerCase()}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** An open deal nobody has heard from for more than NO_ACTIVITY_DAYS, else null. */
export function noActivityWarning(days: number, since: string | null): RiskWarning | null {
  if (days <= NO_ACTIVITY_DAYS) return null
  return {
    code: 'no_activity',
    severity: days > LONG_SILENCE_DAYS ? 'high' : 'medium',
    message: `No activity for ${days} days.`,
    params: dayCountParams(days, since),
  }
}

/** An open deal in its stage for more than STALLED_DAYS, else null. */
export function stalledWarning(days: number, since: string | null): RiskWarning | null {
  if (days <= STALLED_DAYS) return null
  return {
    code: 'stalled_in_stage',
    severity: 'medium',
    message: `In the current stage for ${days} days.`,
    params: dayCountParams(days, since),
  }
}

/**
 * What could still lose the deal. A won or lost deal keeps only what its calls showed (one buyer
 * contact, objections left unhandled), which coaching reads afterwards: the warnings about
 * keeping an open deal moving (activity, time in stage, a next step) do not apply to it.
 */
export function riskWarnings(signals: DealSignals): RiskWarning[] {
  const warnings: RiskWarning[] = []
  const open = !signals.closed
  if (open && signals.daysSinceActivity !== null) {
    const warning = noActivityWarning(signals.daysSinceActivity, signals.lastActivityAt)
    if (warning) warnings.push(warning)
  }
  if (open && signals.daysInStage !== null) {
    const warning = stalledWarning(signals.daysInStage, signals.stageEnteredAt)
    if (warning) warnings.push(warning)
  }
  if (signals.buyerSpeakers <= 1) {
    warnings.push({
      code: 'single_threaded',
      severity: 'medium',
      message:
        signals.buyerSpeakers === 0
          ? 'No buyer contact engaged yet.'
          : 'Only one buyer contact engaged.',
      params: { count: signals.buyerSpeakers },
    })
  }
  for (const objection of unhandledOnce(signals.objections)) {
    warnings.push({
      code: 'unhandled_objection',
      severity: 'high',
      message: `${objection.type_name} not handled: "${objection.quote}"`,
      params: { type: objection.type_name, quote: objection.quote },
    })
  }
  if (open && !signals.hasNextStep) {
    warnings.push({
      code: 'no_next_step',
      severity: 'medium',
      message: 'No dated next step agreed.',
      params: {},
    })
  }
  return warnings
}
