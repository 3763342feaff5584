import type { ActionEvidence } from '../actions/action-features.js'
import { plainSentence } from './analysed-text.js'

// A buyer's sentence (plainSentence) as evidence for an action: about it, neither promising nor
// confirming it, unless `fields` says otherwise.
export function plainEvidence(text: string, fields: Partial<ActionEvidence> = {}): ActionEvidence {
  return {
    sentence: plainSentence(text, { role: 'buyer' }),
    similarity: 0.4,
    promises: false,
    confirms: false,
    aboutObject: true,
    sentenceBest: 0.4,
    ...fields,
  }
}
