import type { RiskWarning } from '@dealcoach/contracts/intelligence'
import type { DealSignals } from './deal-signals.js'

export const NO_ACTIVITY_DAYS = 21
export const STALLED_DAYS = 45

export function riskWarnings(signals: DealSignals): RiskWarning[] {
  const warnings: RiskWarning[] = []
  if (signals.daysSinceActivity !== null && signals.daysSinceActivity > NO_ACTIVITY_DAYS) {
    warnings.push({
      code: 'no_activity',
      severity: signals.daysSinceActivity > 45 ? 'high' : 'medium',
      message: `No activity for ${signals.daysSinceActivity} days.`,
      params: { count: signals.daysSinceActivity },
    })
  }
  if (signals.daysInStage !== null && signals.daysInStage > STALLED_DAYS) {
    warnings.push({
      code: 'stalled_in_stage',
      severity: 'medium',
      message: `In the current stage for ${signals.daysInStage} days.`,
      params: { count: signals.daysInStage },
    })
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
  for (const objection of signals.objections.filter((o) => !o.handled)) {
    warnings.push({
      code: 'unhandled_objection',
      severity: 'high',
      message: `${objection.type_name} not handled: "${objection.quote}"`,
      params: { type: objection.type_name, quote: objection.quote },
    })
  }
  if (!signals.hasNextStep) {
    warnings.push({
      code: 'no_next_step',
      severity: 'medium',
      message: 'No dated next step agreed.',
      params: {},
    })
  }
  return warnings
}
