import {
  analysisInputSchema,
  type AnalysisInput,
  type DealAnalysis,
  type ObjectionTypeConfig,
  type PipelineAction,
} from '@dealcoach/contracts/intelligence'
import { buildActionIndex, type ActionProfile } from '../actions/action-index.js'
import { assessActions } from '../actions/assess-actions.js'
import { computeConfidence } from '../confidence/compute-confidence.js'
import { gatherDealSignals } from '../confidence/deal-signals.js'
import { riskWarnings } from '../confidence/risk-warnings.js'
import { withSenderNames } from '../email/sender-names.js'
import { committedModel, type ObjectionModel } from '../model/objection-model.js'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { sentenceVectors } from '../nlp/sentence-vectors.js'
import {
  buildCorrectionIndex,
  type CorrectionIndex,
  withConfirmedExamples,
} from '../objections/apply-corrections.js'
import { detectObjections } from '../objections/detect-objections.js'
import {
  buildObjectionTypeIndex,
  type ObjectionTypeIndex,
} from '../objections/objection-type-index.js'
import { scoreSolutionFit } from '../solution-fit/score-solution-fit.js'
import type { IntelligenceProvider } from './intelligence-provider.js'

// Type and action vectors depend only on the organisation's configuration, so they are
// built once per distinct configuration and reused for every deal analysed with it.
function configKey(value: unknown): string {
  return JSON.stringify(value)
}

function cached<K, V>(cache: Map<string, V>, key: K, build: (key: K) => V): V {
  const id = configKey(key)
  let value = cache.get(id)
  if (value === undefined) {
    if (cache.size > 64) cache.clear()
    value = build(key)
    cache.set(id, value)
  }
  return value
}

interface ConfigCaches {
  types: Map<string, ObjectionTypeIndex>
  actions: Map<string, ActionProfile[]>
  // The organisation's corrections change rarely and are read by every deal of a backfill.
  corrections: Map<string, CorrectionIndex>
}

function newCaches(): ConfigCaches {
  return { types: new Map(), actions: new Map(), corrections: new Map() }
}

const sharedCaches = newCaches()

export function analyseDealSync(
  raw: AnalysisInput,
  caches: ConfigCaches = sharedCaches,
): DealAnalysis {
  return analyseDealWithModel(raw, committedModel(), caches)
}

// The same analysis with a given trained model: cross-validation scores models trained on
// part of the data without touching the committed one.
export function analyseDealWithModel(
  raw: AnalysisInput,
  model: ObjectionModel,
  caches: ConfigCaches = sharedCaches,
): DealAnalysis {
  const input = withSenderNames(analysisInputSchema.parse(raw))
  const typeIndex = cached(
    caches.types,
    withConfirmedExamples(input.objection_types, input.objection_feedback),
    (t: readonly ObjectionTypeConfig[]) => buildObjectionTypeIndex(t),
  )
  const activeTypeIds = typeIndex.profiles.map((p) => p.config.id)
  const corrections = cached(
    caches.corrections,
    { feedback: input.objection_feedback, activeTypeIds },
    ({ feedback }) => buildCorrectionIndex(feedback, new Set(activeTypeIds)),
  )
  const actionIndex = cached(caches.actions, input.pipeline.actions, (a: PipelineAction[]) =>
    buildActionIndex(a),
  )
  const text = analyseEngagements(input.engagements, {
    model: model.segmenter,
    threshold: model.segmenterThreshold,
  })
  const vectors = sentenceVectors(text)
  const objections = detectObjections(
    text,
    input.engagements,
    typeIndex,
    vectors,
    model,
    corrections,
  )
  const actionResults = assessActions(
    text,
    vectors,
    input.engagements,
    actionIndex,
    objections,
    model,
  )
  const solutionFit = scoreSolutionFit(text, vectors, input.engagements, input.product, model)
  const signals = gatherDealSignals(input, solutionFit, actionResults, objections)
  return {
    provider: 'builtin',
    action_results: actionResults,
    objections,
    solution_fit: solutionFit,
    confidence: computeConfidence(signals),
    risk_warnings: riskWarnings(signals),
  }
}

export function createBuiltinProvider(): IntelligenceProvider {
  const caches = newCaches()
  return {
    name: 'builtin',
    // async so that invalid input rejects the promise instead of throwing synchronously.
    async analyseDeal(input) {
      return analyseDealSync(input, caches)
    },
  }
}
