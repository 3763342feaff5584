import { conceptsOf, conceptsOfWord, conceptsOfWords } from './concept-lexicon.js'
import { featureNames } from './feature-names.js'
import type { TermVector } from './term-vector.js'
import { ScratchList } from '../text/scratch-list.js'
import type { Word } from './words.js'

// A concept counts more than a single word: it is what lets different wordings meet.
export const CONCEPT_WEIGHT = 1.5

const STEM = featureNames('s:')
const CONCEPT = featureNames('c:')

function addTerm(vector: TermVector, term: string, weight: number): void {
  vector.set(term, (vector.get(term) ?? 0) + weight)
}

export function featuresOfStems(
  stems: readonly string[],
  extraConcepts: readonly string[] = [],
): TermVector {
  const vector: TermVector = new Map()
  for (const stem of stems) addTerm(vector, STEM.of(stem), 1)
  for (const concept of conceptsOf(stems)) addTerm(vector, CONCEPT.of(concept), CONCEPT_WEIGHT)
  for (const concept of extraConcepts) addTerm(vector, CONCEPT.of(concept), CONCEPT_WEIGHT)
  return vector
}

// The same vector from the stems as words (nlp/words.ts): their names and concepts are kept
// by the words' ids instead of looked up by text.
// Indexed loops: for...of over these short lists allocated an iterator result per word
// wherever the loop was not optimised, a tenth of what a sentence's analysis allocated.
export function featuresOfStemWords(stems: readonly Word[]): TermVector {
  const vector: TermVector = new Map()
  for (let i = 0; i < stems.length; i++) addTerm(vector, STEM.ofWord(stems[i] as Word), 1)
  const concepts = conceptsOfWords(stems)
  for (let i = 0; i < concepts.length; i++) {
    addTerm(vector, CONCEPT.of(concepts[i] as string), CONCEPT_WEIGHT)
  }
  return vector
}

// Terms of the vector being made and their values, in the order first added.
const termList = new ScratchList<string>()
const valueList = new ScratchList<number>()

function addListed(term: string, weight: number): void {
  // A sentence has a few terms: a scan finds a repeated one sooner than a map would.
  for (let i = 0; i < termList.length; i++) {
    if (termList.at(i) === term) {
      valueList.set(i, valueList.at(i) + weight)
      return
    }
  }
  termList.push(term)
  valueList.push(weight)
}

// `normaliseInPlace(featuresOfStemWords(stems))`, made in one map: the same terms in the same
// order, each value summed in the same order and divided by the same norm (the square root
// of the values' squares summed in order).
export function normalisedFeaturesOfStemWords(stems: readonly Word[]): TermVector {
  termList.clear()
  valueList.clear()
  for (let i = 0; i < stems.length; i++) addListed(STEM.ofWord(stems[i] as Word), 1)
  for (let i = 0; i < stems.length; i++) {
    const concepts = conceptsOfWord(stems[i] as Word)
    for (let c = 0; c < concepts.length; c++) {
      addListed(CONCEPT.of(concepts[c] as string), CONCEPT_WEIGHT)
    }
  }
  const vector: TermVector = new Map()
  let sum = 0
  for (let i = 0; i < valueList.length; i++) sum += valueList.at(i) * valueList.at(i)
  const norm = Math.sqrt(sum)
  for (let i = 0; i < termList.length; i++) {
    const value = valueList.at(i)
    vector.set(termList.at(i), norm === 0 ? value : value / norm)
  }
  return vector
}
