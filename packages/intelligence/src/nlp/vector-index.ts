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

export function buildVectorIndex(vectors: readonly TermVector[]): VectorIndex {
  const postings = new Map<string, { at: number; weight: number }[]>()
  vectors.forEach((vector, at) => {
    for (const [term, weight] of vector) {
      const list = postings.get(term) ?? []
      list.push({ at, weight })
      postings.set(term, list)
    }
  })
  const out = new Float64Array(vectors.length)
  return {
    size: vectors.length,
    scores(query) {
      out.fill(0)
      // forEach: iterating the query's entries with for...of allocated a pair per term.
      query.forEach((value, term) => {
        const list = postings.get(term)
        if (!list) return
        for (const posting of list)
          out[posting.at] = (out[posting.at] ?? 0) + posting.weight * value
      })
      return out
    },
  }
}
