import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import { shiftsTopic } from '../nlp/segment-raw-text.js'

// Words a buyer opens an added concern with ("Also, our legal team…", "Besides, …"): a
// sentence opening with one may raise a second objection rather than say more of the first.
const ADDING = new Set(['also', 'additionally', 'besides', 'furthermore', 'moreover', 'plus'])
const LINKS = new Set(['and', 'but', 'oh'])

// Whether a sentence opens a new concern: a topic phrase ("the other thing", "on top of
// that"; the segmenter's list) or an adding word, either after one linking word.
export function opensNewConcern(sentence: AnalysedSentence): boolean {
  const words = sentence.tokens
  if (shiftsTopic(words, 0)) return true
  const start = LINKS.has(words[0] ?? '') ? 1 : 0
  return ADDING.has(words[start] ?? '')
}
