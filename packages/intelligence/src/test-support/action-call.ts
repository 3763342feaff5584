import { buildActionIndex } from '../actions/action-index.js'
import { evidenceByAction } from '../actions/assess-actions.js'
import { resistingSentences } from '../actions/resisting-sentences.js'
import { DEFAULT_OBJECTION_TYPE_CONFIGS, DEFAULT_PIPELINE_CONFIG } from '../eval/default-configs.js'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { sentenceVectors } from '../nlp/sentence-vectors.js'
import { detectObjections } from '../objections/detect-objections.js'
import { buildObjectionTypeIndex } from '../objections/objection-type-index.js'
import { call } from './deal-builders.js'

/**
 * One invented call read as the engine reads it for one of the default pipeline's actions: its
 * text, the action's profile and evidence, and which sentences push back (the detected objections
 * and the cue lexicon's).
 */
export function actionCall(actionId: string, turns: Parameters<typeof call>[1]) {
  const engagements = [call('e1', turns)]
  const text = analyseEngagements(engagements)
  const vectors = sentenceVectors(text)
  const objections = detectObjections(
    text,
    engagements,
    buildObjectionTypeIndex(DEFAULT_OBJECTION_TYPE_CONFIGS),
    vectors,
  )
  const profiles = buildActionIndex(DEFAULT_PIPELINE_CONFIG.actions)
  const position = profiles.findIndex((p) => p.action.id === actionId)
  const profile = profiles[position]
  if (!profile) throw new Error(`no action ${actionId}`)
  return {
    text,
    profile,
    evidence: evidenceByAction(text, vectors, profiles)[position] ?? [],
    resists: resistingSentences(objections, engagements),
  }
}
