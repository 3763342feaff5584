import type { PipelineAction } from '@dealcoach/contracts/intelligence'
import { featuresOfStems } from '../nlp/sentence-features.js'
import { stemText } from '../nlp/stem-text.js'
import { addVector, normalised, type TermVector } from '../nlp/term-vector.js'

export interface ActionProfile {
  action: PipelineAction
  vector: TermVector
}

// One vector per configured action from its own name and description, built once per
// pipeline configuration.
export function buildActionIndex(actions: readonly PipelineAction[]): ActionProfile[] {
  return actions.map((action) => {
    const vector: TermVector = new Map()
    addVector(vector, normalised(featuresOfStems(stemText(action.name))), 1.5)
    addVector(vector, normalised(featuresOfStems(stemText(action.description))), 1)
    return { action, vector: normalised(vector) }
  })
}
