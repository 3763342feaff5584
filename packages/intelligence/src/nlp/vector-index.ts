import type { TermVector } from './term-vector.js'

// Inverted index over a few fixed vectors (actions, value propositions): scoring a sentence
// against all of them costs one pass over the sentence's own terms instead of one dot
// product per vector.
export interface VectorIndex {
  size: number
  // The returned array is the index's own and is overwritten by its next call: every caller
  // reads it for one sentence before scoring the next, and a fresh typed array per sentence
  // of a deal was a steady share of what an analysis allocated.
  scores(query: TermVector): Float64Array
}

// Each term's postings: the vectors it is in and its weight in each.
class Postings {
  constructor(
    readonly at: Int32Array,
    readonly weights: Float64Array,
  ) {}
}

export function buildVectorIndex(vectors: readonly TermVector[]): VectorIndex {
  const lists = new Map<string, { at: number; weight: number }[]>()
  vectors.forEach((vector, at) => {
    for (const [term, weight] of vector) {
      const list = lists.get(term) ?? []
      list.push({ at, weight })
      lists.set(term, list)
    }
  })
  const postings = new Map<string, Postings>()
  for (const [term, list] of lists) {
    postings.set(
      term,
      new Postings(
        Int32Array.from(list, (p) => p.at),
        Float64Array.from(list, (p) => p.weight),
      ),
    )
  }
  const out = new Float64Array(vectors.length)
  // One callback for every query (forEach: iterating the query's entries with for...of
  // allocated a pair per term).
  const addTerm = (value: number, term: string): void => {
    const found = postings.get(term)
    if (!found) return
    const { at, weights } = found
    for (let i = 0; i < at.length; i++) {
      const v = at[i] as number
      out[v] = (out[v] as number) + (weights[i] as number) * value
    }
  }
  return {
    size: vectors.length,
    scores(query) {
      out.fill(0)
      query.forEach(addTerm)
      return out
    },
  }
}
