// Sparse bag-of-features vectors: "s:<stem>" for words and "c:<concept>" for concepts.
// The loops over a vector avoid for...of over a map's entries, which allocated an entry pair
// per term and made these few functions a tenth of everything a deal's analysis allocated;
// sums walk the keys (a closure would box the running sum instead). Every loop still visits
// the terms in insertion order, so every sum is the same.
export type TermVector = Map<string, number>

export function addTerms(vector: TermVector, terms: readonly string[], weight: number): void {
  for (const term of terms) vector.set(term, (vector.get(term) ?? 0) + weight)
}

export function addVector(target: TermVector, source: TermVector, weight: number): void {
  source.forEach((value, term) => target.set(term, (target.get(term) ?? 0) + value * weight))
}

export function vectorNorm(vector: TermVector): number {
  let sum = 0
  for (const value of vector.values()) sum += value * value
  return Math.sqrt(sum)
}

export function normalised(vector: TermVector): TermVector {
  const norm = vectorNorm(vector)
  if (norm === 0) return new Map(vector)
  const out: TermVector = new Map()
  vector.forEach((value, term) => out.set(term, value / norm))
  return out
}

// The same values as normalised(), written into the vector itself: for vectors built only to
// be normalised (one per sentence of a deal), which saves a second map each.
export function normaliseInPlace(vector: TermVector): TermVector {
  const norm = vectorNorm(vector)
  if (norm === 0) return vector
  vector.forEach((value, term) => vector.set(term, value / norm))
  return vector
}

// Dot product; equals cosine when both sides are normalised. Iterates the smaller side.
export function dot(a: TermVector, b: TermVector): number {
  const small = a.size <= b.size ? a : b
  const large = small === a ? b : a
  let sum = 0
  for (const term of small.keys()) {
    const other = large.get(term)
    if (other !== undefined) sum += (small.get(term) as number) * other
  }
  return sum
}

export function cosine(a: TermVector, b: TermVector): number {
  const na = vectorNorm(a)
  const nb = vectorNorm(b)
  return na === 0 || nb === 0 ? 0 : dot(a, b) / (na * nb)
}
