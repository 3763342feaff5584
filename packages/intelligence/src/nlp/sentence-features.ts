import { conceptsOf } from './concept-lexicon.js'
import { addTerms, type TermVector } from './term-vector.js'

// A concept counts more than a single word: it is what lets different wordings meet.
export const CONCEPT_WEIGHT = 1.5

export function featuresOfStems(
  stems: readonly string[],
  extraConcepts: readonly string[] = [],
): TermVector {
  const vector: TermVector = new Map()
  addTerms(
    vector,
    stems.map((s) => `s:${s}`),
    1,
  )
  addTerms(
    vector,
    conceptsOf(stems).map((c) => `c:${c}`),
    CONCEPT_WEIGHT,
  )
  addTerms(
    vector,
    extraConcepts.map((c) => `c:${c}`),
    CONCEPT_WEIGHT,
  )
  return vector
}
