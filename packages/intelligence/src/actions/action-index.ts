import type { PipelineAction } from '@dealcoach/contracts/intelligence'
import { featuresOfStems } from '../nlp/sentence-features.js'
import { defaultActionKey } from './action-features.js'
import { hasVocabulary } from './action-vocabulary.js'
import { stemText } from '../nlp/stem-text.js'
import { addVector, normalised, type TermVector } from '../nlp/term-vector.js'

export interface ActionProfile {
  action: PipelineAction
  vector: TermVector
  // The default playbook action whose vocabulary (action-vocabulary.ts) this one uses; null
  // for an organisation's own actions, matched through their name and description only.
  vocabulary: string | null
}

// One vector per configured action from its own name and description, built once per
// pipeline configuration.
export function buildActionIndex(actions: readonly PipelineAction[]): ActionProfile[] {
  return actions.map((action) => {
    const vector: TermVector = new Map()
    addVector(vector, normalised(featuresOfStems(stemText(action.name))), 1.5)
    addVector(vector, normalised(featuresOfStems(stemText(action.description))), 1)
    const key = defaultActionKey(action)
    return {
      action,
      vector: normalised(vector),
      vocabulary: key && hasVocabulary(key) ? key : null,
    }
  })
}
