import { linearScore, sigmoid, type LinearModel } from '../model/logistic-regression.js'

// The evidence counts each criterion reads: its own, and how far the buyer quantified and
// confirmed (a buyer who puts numbers on the problem and agrees with the pitch is further
// along): for urgency both, for pain the quantified pain statements and the agreement, for
// alignment the figures (over ten 5-fold splits, solution-fit MAE 0.448 -> 0.439; pain
// 0.274 -> 0.255, alignment 0.425 -> 0.405). Learning from every count was tried; on 96
// training deals it picked up chance links (a seller never mentioning urgency lowering the
// urgency score) that overrode clear buyer evidence. For the same reason urgency no longer
// reads the seller's dates (over ten 5-fold splits, MAE 0.459 -> 0.448 without them).
const CRITERION_SIGNALS: Record<string, readonly string[]> = {
  problem_pain_identification: [
    'buyerPain',
    'sellerPain',
    'buyerDoubt',
    'buyerQuantifiedPain',
    'buyerPositive',
  ],
  quantifiable_business_impact: ['buyerQuantifiedPain', 'buyerQuantified', 'sellerQuantified'],
  value_proposition_alignment: [
    'buyerAligned',
    'sellerAligned',
    'buyerPositive',
    'buyerDoubt',
    'buyerQuantified',
  ],
  strategic_urgency: [
    'buyerUrgency',
    'buyerDeadline',
    'buyerDeferral',
    'sellerUrgency',
    'buyerDates',
    'buyerDurations',
    'buyerQuantified',
    'buyerPositive',
  ],
}

const EVIDENCE_EDGES = [1, 2, 3, 5, 8]

// What the trained solution-fit scorer reads for one criterion: the rules' score, the
// criterion's evidence counts (pain statements, quantities, alignment, deadlines, deferrals,
// doubts) and what kind of conversations the deal holds.
export function fitFeatures(
  criterion: string,
  rule: number,
  signals: Readonly<Record<string, number>>,
  stages: readonly string[],
): string[] {
  const features = [`rule:${rule}`]
  for (const name of CRITERION_SIGNALS[criterion] ?? []) {
    const value = signals[name] ?? 0
    // Cumulative ("at least two"), so neighbouring counts share what they teach; exact
    // counts were tried and learned chance dips (exactly three dated sentences scoring lower
    // than two).
    if (value === 0) features.push(`${name}:none`)
    for (const edge of EVIDENCE_EDGES) if (value >= edge) features.push(`${name}>=${edge}`)
  }
  return [...features, ...stages.map((s) => `stage:${s}`)]
}

// The score from a ladder of "at least k" classifiers (k = 1, 2, 3): the number of rungs
// judged more likely than not, which is the median of the ordinal scale the ladder models,
// the choice that minimises absolute error.
export function learnedFitScore(
  ladder: readonly LinearModel[],
  features: readonly string[],
): number {
  let score = 0
  for (const rung of ladder) {
    if (sigmoid(linearScore(rung, features)) < 0.5) break
    score++
  }
  return score
}
