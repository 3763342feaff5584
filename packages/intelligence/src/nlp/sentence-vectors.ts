import type { DealText } from './analyse-engagements.js'
import { normalisedFeaturesOfStemWords } from './sentence-features.js'
import type { TermVector } from './term-vector.js'

// Normalised feature vectors of every sentence, computed once per deal and shared by the
// action, objection and solution-fit analysers.
export function sentenceVectors(text: DealText): TermVector[] {
  return text.sentences.map((s) => normalisedFeaturesOfStemWords(s.stemWords))
}
