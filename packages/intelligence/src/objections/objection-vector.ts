import type { AnalysedTurn } from '../nlp/analysed-sentence.js'
import { addSentenceVector, normaliseDense, type WordVectors } from '../nlp/word-vectors.js'
import type { ObjectionUnit } from './objection-units.js'

// The seller's turns around the objection count for less than the buyer's own words; the
// answer after it more than the question before, as it tends to name the concern ("our
// standard term is twelve months").
const PREVIOUS_SELLER_WEIGHT = 0.2
const NEXT_SELLER_WEIGHT = 0.3

function addTurn(
  table: WordVectors,
  target: Float64Array,
  turn: AnalysedTurn | null,
  weight: number,
): void {
  for (const sentence of turn?.sentences ?? []) {
    addSentenceVector(table, target, sentence.tokens, weight)
  }
}

// What an objection is about as one unit-length word vector: its sentences, then the seller's
// question before and answer after it. Zero when no word is in the table.
export function objectionVector(table: WordVectors, unit: ObjectionUnit): Float64Array {
  const vector = new Float64Array(table.dimensions)
  for (const sentence of unit.sentences) addSentenceVector(table, vector, sentence.tokens, 1)
  addTurn(table, vector, unit.previousSeller, PREVIOUS_SELLER_WEIGHT)
  addTurn(table, vector, unit.nextSeller, NEXT_SELLER_WEIGHT)
  return normaliseDense(vector)
}
