import { actionFeatures, defaultActionKey } from '../actions/action-features.js'
import { buildActionIndex } from '../actions/action-index.js'
import { ACTION_STATUSES } from '../actions/action-status.js'
import {
  evidenceByAction,
  OBJECTION_ACTION,
  ruleCues,
  ruleProgress,
} from '../actions/assess-actions.js'
import { DEFAULT_PIPELINE_CONFIG } from '../eval/default-configs.js'
import { trainLogistic, type LinearModel, type TrainingExample } from './logistic-regression.js'
import type { PreparedCase } from './training-data.js'

// One example per default action per annotated case: its features and its labelled status
// (an action the labels do not list is not done). The action about objections is left to the
// objections themselves.
export function trainActionModel(cases: readonly PreparedCase[]): Record<string, LinearModel> {
  const profiles = buildActionIndex(DEFAULT_PIPELINE_CONFIG.actions)
  const rows: { features: string[]; status: string }[] = []
  for (const c of cases) {
    if (!c.actions) continue
    const labelled = new Map(c.actions.map((a) => [a.action, a.status]))
    const evidence = evidenceByAction(c.text, c.vectors, profiles)
    profiles.forEach((profile, i) => {
      const { action } = profile
      if (OBJECTION_ACTION.test(`${action.name} ${action.description}`)) return
      const found = evidence[i] ?? []
      const features = actionFeatures(
        found,
        ruleProgress(found, action.name)?.progress ?? null,
        ruleCues(found, action.name),
        defaultActionKey(action),
      )
      rows.push({ features, status: labelled.get(action.id) ?? 'not_done' })
    })
  }
  const models: Record<string, LinearModel> = {}
  for (const status of ACTION_STATUSES) {
    const examples: TrainingExample[] = rows.map((r) => ({
      features: r.features,
      label: r.status === status ? 1 : 0,
    }))
    models[status] = trainLogistic(examples, {
      l2: 0.01,
      iterations: 300,
      learningRate: 0.05,
      balanced: false,
      decimals: 2,
      minCount: 3,
    })
  }
  return models
}
