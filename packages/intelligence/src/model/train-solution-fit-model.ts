import { dealStageTags } from '../actions/deal-stage.js'
import { fitFeatures, learnedFitScore } from '../solution-fit/fit-features.js'
import { ruleSolutionFit } from '../solution-fit/score-solution-fit.js'
import { trainLogistic, type LinearModel, type TrainingExample } from './logistic-regression.js'
import { foldsOf, type PreparedCase } from './training-data.js'

export const SOLUTION_FIT_OPTIONS = {
  l2: 0.05,
  iterations: 300,
  learningRate: 0.05,
  balanced: false,
  decimals: 2,
  minCount: 3,
}
const INNER_FOLDS = 3

interface FitRow {
  id: string
  features: string[]
  rule: number
  score: number
}

// One "score at least k" classifier for k = 1, 2, 3: an ordinal model, so a deal scored 3
// also teaches the rungs below.
function trainLadder(rows: readonly FitRow[]): LinearModel[] {
  return [1, 2, 3].map((k) => {
    const examples: TrainingExample[] = rows.map((r) => ({
      features: r.features,
      label: r.score >= k ? 1 : 0,
    }))
    return trainLogistic(examples, SOLUTION_FIT_OPTIONS)
  })
}

// Whether the ladder beats the rules on held-out deals (mean absolute error over inner
// cross-validation folds of the training deals). Where it does not, the rules keep the
// criterion: on the training calls that was value-proposition alignment, where the rules'
// similarity to the product's own wording already scores as well as anything learned.
function ladderBeatsRules(rows: readonly FitRow[]): boolean {
  const folds = foldsOf(rows, INNER_FOLDS)
  let learned = 0
  let rules = 0
  folds.forEach((held, f) => {
    const ladder = trainLadder(folds.filter((_, g) => g !== f).flat())
    for (const r of held) {
      learned += Math.abs(learnedFitScore(ladder, r.features) - r.score)
      rules += Math.abs(r.rule - r.score)
    }
  })
  return learned < rules
}

// Per criterion, the ladder trained on every annotated training deal, kept only where inner
// cross-validation says it beats the rules.
export function trainSolutionFitModel(
  cases: readonly PreparedCase[],
): Record<string, LinearModel[]> {
  const rows = new Map<string, FitRow[]>()
  for (const c of cases) {
    if (!c.solutionFit) continue
    const { criteria, signals } = ruleSolutionFit(c.text, c.vectors, c.product)
    const stages = dealStageTags(c.engagements)
    for (const [criterion, scored] of criteria) {
      const score = c.solutionFit[criterion]
      // Without evidence the rules' 0 stands (scoreSolutionFit), so those deals teach nothing.
      if (score === undefined || scored.evidence.length === 0) continue
      const features = fitFeatures(criterion, scored.score, signals, stages)
      const own = rows.get(criterion) ?? []
      own.push({ id: c.id, features, rule: scored.score, score })
      rows.set(criterion, own)
    }
  }
  const models: Record<string, LinearModel[]> = {}
  for (const criterion of [...rows.keys()].sort()) {
    const own = rows.get(criterion) ?? []
    if (ladderBeatsRules(own)) models[criterion] = trainLadder(own)
  }
  return models
}
