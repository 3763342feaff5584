import type { ObjectionModel } from '../model/objection-model.js'

export interface UnitVerdictInput {
  engagementIndex: number
  probability: number
  // The cue lexicon's best score over the unit's sentences.
  rule: number
}

type GateSettings = Pick<ObjectionModel, 'threshold' | 'ruleThreshold' | 'ruleMaxDetected'>

// Which units are objections: the detector's own verdicts, plus the cue lexicon's in an
// engagement where the detector flags at most `ruleMaxDetected` units. A detector that finds
// resistance throughout a conversation is reading the kind of call it was trained on, where
// the lexicon's extra verdicts were mostly wrong (cross-validated F1 0.70 with them, 0.74
// without); one that finds next to none is reading another kind of conversation (haggling,
// charity appeals), whose wording only the general lexicon knows.
export function objectionVerdicts(
  units: readonly UnitVerdictInput[],
  settings: GateSettings,
): { objection: boolean; byRule: boolean }[] {
  const detected = new Map<number, number>()
  for (const u of units) {
    if (u.probability >= settings.threshold) {
      detected.set(u.engagementIndex, (detected.get(u.engagementIndex) ?? 0) + 1)
    }
  }
  return units.map((u) => {
    const byModel = u.probability >= settings.threshold
    const lexiconCounts = (detected.get(u.engagementIndex) ?? 0) <= settings.ruleMaxDetected
    const byRule = lexiconCounts && u.rule >= settings.ruleThreshold
    return { objection: byModel || byRule, byRule }
  })
}
