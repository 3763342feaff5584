import type { DealText } from './analyse-engagements.js'
import { featuresOfStemWords } from './sentence-features.js'
import { normaliseInPlace, type TermVector } from './term-vector.js'

// Normalised feature vectors of every sentence, computed once per deal and shared by the
// action, objection and solution-fit analysers.
export function sentenceVectors(text: DealText): TermVector[] {
  return text.sentences.map((s) => normaliseInPlace(featuresOfStemWords(s.stemWords)))
}
