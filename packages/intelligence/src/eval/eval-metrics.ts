import type { DealAnalysis } from '@dealcoach/contracts/intelligence'
import { progressFromStatusText } from '../actions/action-status.js'
import { solutionFitTier } from '../solution-fit/solution-fit-tier.js'
import type { EvalCase } from './eval-case.js'
import {
  countObjections,
  emptyObjectionCounts,
  f1,
  ratio,
  typeMacroF1,
  type ObjectionCounts,
} from './objection-metrics.js'

// The report shape of `npm run eval -- --json` (issue 6). A metric a file does not annotate
// is null.
export interface EvalMetrics {
  cases: number
  objections: {
    precision: number | null
    recall: number | null
    f1: number | null
    type_accuracy: number | null
    type_macro_f1: number | null
    handled_accuracy: number | null
  }
  actions: { status_accuracy: number | null; completed_f1: number | null }
  solution_fit: { mae: number | null; tier_exact: number | null }
}

export interface EvalTally {
  cases: number
  objectionCases: number
  objections: ObjectionCounts
  actionPairs: number
  actionCorrect: number
  completedTp: number
  completedFp: number
  completedFn: number
  fitCriteria: number
  fitAbsError: number
  fitCases: number
  fitTierExact: number
}

export function emptyTally(): EvalTally {
  return {
    cases: 0,
    objectionCases: 0,
    objections: emptyObjectionCounts(),
    actionPairs: 0,
    actionCorrect: 0,
    completedTp: 0,
    completedFp: 0,
    completedFn: 0,
    fitCriteria: 0,
    fitAbsError: 0,
    fitCases: 0,
    fitTierExact: 0,
  }
}

export function tallyCase(
  tally: EvalTally,
  evalCase: EvalCase,
  analysis: DealAnalysis,
  actionIds: readonly string[],
): void {
  tally.cases++
  const { labels } = evalCase
  if (labels.objections) {
    tally.objectionCases++
    countObjections(evalCase.engagements, labels.objections, analysis.objections, tally.objections)
  }
  if (labels.actions) {
    const expected = new Map(labels.actions.map((a) => [a.action, a.status]))
    // Read the engine's status strings the way the UI will (spec §4), so the eval also
    // checks that they round-trip.
    const predicted = new Map(
      analysis.action_results.map((r) => [r.action_id, progressFromStatusText(r.status)]),
    )
    for (const id of actionIds) {
      const want = expected.get(id) ?? 'not_done'
      const got = predicted.get(id) ?? 'not_done'
      tally.actionPairs++
      if (want === got) tally.actionCorrect++
      if (want === 'completed' && got === 'completed') tally.completedTp++
      else if (got === 'completed') tally.completedFp++
      else if (want === 'completed') tally.completedFn++
    }
  }
  if (labels.solution_fit) {
    let total = 0
    for (const [criterion, score] of Object.entries(labels.solution_fit)) {
      const got = analysis.solution_fit.scoring.find((s) => s.type === criterion)?.score ?? 0
      tally.fitCriteria++
      tally.fitAbsError += Math.abs(got - score)
      total += score
    }
    tally.fitCases++
    if (solutionFitTier(total) === analysis.solution_fit.tier) tally.fitTierExact++
  }
}

export function mergeTallies(tallies: readonly EvalTally[]): EvalTally {
  const out = emptyTally()
  for (const t of tallies) {
    out.cases += t.cases
    out.objectionCases += t.objectionCases
    const o = out.objections
    o.truePositives += t.objections.truePositives
    o.falsePositives += t.objections.falsePositives
    o.falseNegatives += t.objections.falseNegatives
    o.typeCorrect += t.objections.typeCorrect
    o.handledCorrect += t.objections.handledCorrect
    o.handledJudged += t.objections.handledJudged
    o.pairs.push(...t.objections.pairs)
    o.missedTypes.push(...t.objections.missedTypes)
    o.spuriousTypes.push(...t.objections.spuriousTypes)
    out.actionPairs += t.actionPairs
    out.actionCorrect += t.actionCorrect
    out.completedTp += t.completedTp
    out.completedFp += t.completedFp
    out.completedFn += t.completedFn
    out.fitCriteria += t.fitCriteria
    out.fitAbsError += t.fitAbsError
    out.fitCases += t.fitCases
    out.fitTierExact += t.fitTierExact
  }
  return out
}

function round(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1000) / 1000
}

export function metricsOf(t: EvalTally): EvalMetrics {
  const o = t.objections
  const annotated = t.objectionCases > 0
  const precision = annotated ? ratio(o.truePositives, o.truePositives + o.falsePositives) : null
  const recall = annotated ? ratio(o.truePositives, o.truePositives + o.falseNegatives) : null
  const completedPrecision = ratio(t.completedTp, t.completedTp + t.completedFp)
  const completedRecall = ratio(t.completedTp, t.completedTp + t.completedFn)
  return {
    cases: t.cases,
    objections: {
      precision: round(precision),
      recall: round(recall),
      f1: round(f1(precision, recall)),
      type_accuracy: round(ratio(o.typeCorrect, o.truePositives)),
      type_macro_f1: round(annotated ? typeMacroF1(o) : null),
      handled_accuracy: round(ratio(o.handledCorrect, o.handledJudged)),
    },
    actions: {
      status_accuracy: round(ratio(t.actionCorrect, t.actionPairs)),
      completed_f1: round(
        t.actionPairs > 0 ? (f1(completedPrecision ?? 0, completedRecall ?? 0) ?? 0) : null,
      ),
    },
    solution_fit: {
      mae: round(ratio(t.fitAbsError, t.fitCriteria)),
      tier_exact: round(ratio(t.fitTierExact, t.fitCases)),
    },
  }
}
