import { describe, expect, it } from 'vitest'
import { objectionVerdicts } from './lexicon-gate.js'

const SETTINGS = { threshold: 0.5, ruleThreshold: 0.6, ruleMaxDetected: 1 }

describe('objectionVerdicts', () => {
  it('lets the cue lexicon add objections where the detector finds next to none', () => {
    const verdicts = objectionVerdicts(
      [
        { engagementIndex: 0, probability: 0.1, rule: 0.9 },
        { engagementIndex: 0, probability: 0.8, rule: 0 },
        { engagementIndex: 0, probability: 0.1, rule: 0.2 },
      ],
      SETTINGS,
    )
    expect(verdicts.map((v) => v.objection)).toEqual([true, true, false])
    expect(verdicts[0]?.byRule).toBe(true)
  })

  it('leaves the verdicts to the detector in a conversation where it finds several', () => {
    const verdicts = objectionVerdicts(
      [
        { engagementIndex: 0, probability: 0.9, rule: 0 },
        { engagementIndex: 0, probability: 0.7, rule: 0 },
        { engagementIndex: 0, probability: 0.1, rule: 0.9 },
        { engagementIndex: 1, probability: 0.1, rule: 0.9 },
      ],
      SETTINGS,
    )
    expect(verdicts.map((v) => v.objection)).toEqual([true, true, false, true])
  })
})
