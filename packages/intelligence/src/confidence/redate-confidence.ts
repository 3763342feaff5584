import type { ConfidenceFactor, RiskWarning } from '@dealcoach/contracts/intelligence'
import { activityFactor, confidenceScore, stageFactor } from './compute-confidence.js'
import { daysBetween } from './deal-signals.js'
import { noActivityWarning, stalledWarning } from './risk-warnings.js'

/** A deal's confidence as stored: its score, the factors behind it and its risk warnings. */
export interface DatedConfidence {
  score: number
  factors: readonly ConfidenceFactor[]
  risks: readonly RiskWarning[]
}

// The warnings that come and go with the calendar, in the order riskWarnings gives them.
const CALENDAR_WARNINGS = new Set(['no_activity', 'stalled_in_stage'])

function sinceOf(factor: ConfidenceFactor | undefined): string | null {
  const since = factor?.params?.since
  return typeof since === 'string' ? since : null
}

/**
 * An open deal's confidence read on another day, with nothing new said: the days since its last
 * activity and in its stage move on, and with them those two factors, the score and the warnings
 * about silence and a stalled stage. Only factors that carry the day they count from (`since`,
 * which the engine gives an open deal's) are read again; the rest stand as analysed. Null when
 * no factor's effect and no warning would change: the counts alone the app reads from `since`.
 */
export function redateConfidence(stored: DatedConfidence, asOf: number): DatedConfidence | null {
  const activitySince = sinceOf(stored.factors.find((f) => f.name === 'activity_recency'))
  const stageSince = sinceOf(stored.factors.find((f) => f.name === 'time_in_stage'))
  const activityDays = daysBetween(activitySince, asOf)
  const stageDays = daysBetween(stageSince, asOf)
  if (activityDays === null && stageDays === null) return null
  const factors = stored.factors.map((f) => {
    if (f.name === 'activity_recency' && activityDays !== null) {
      return activityFactor(activityDays, activitySince)
    }
    if (f.name === 'time_in_stage' && stageDays !== null) return stageFactor(stageDays, stageSince)
    return f
  })
  const calendar = [
    activityDays === null
      ? stored.risks.find((r) => r.code === 'no_activity')
      : noActivityWarning(activityDays, activitySince),
    stageDays === null
      ? stored.risks.find((r) => r.code === 'stalled_in_stage')
      : stalledWarning(stageDays, stageSince),
  ].filter((r): r is RiskWarning => r != null)
  const risks = [...calendar, ...stored.risks.filter((r) => !CALENDAR_WARNINGS.has(r.code))]
  const redated = { score: confidenceScore(factors), factors, risks }
  return sameReading(stored, redated) ? null : redated
}

function sameReading(a: DatedConfidence, b: DatedConfidence): boolean {
  const effects = (c: DatedConfidence) => c.factors.map((f) => `${f.name}:${f.effect}`).join()
  const warnings = (c: DatedConfidence) => c.risks.map((r) => `${r.code}:${r.severity}`).join()
  return a.score === b.score && effects(a) === effects(b) && warnings(a) === warnings(b)
}
