// Sparse bag-of-features vectors: "s:<stem>" for words and "c:<concept>" for concepts.
export type TermVector = Map<string, number>

export function addTerms(vector: TermVector, terms: readonly string[], weight: number): void {
  for (const term of terms) vector.set(term, (vector.get(term) ?? 0) + weight)
}

export function addVector(target: TermVector, source: TermVector, weight: number): void {
  for (const [term, value] of source) target.set(term, (target.get(term) ?? 0) + value * weight)
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
  for (const [term, value] of vector) out.set(term, value / norm)
  return out
}

// Dot product; equals cosine when both sides are normalised. Iterates the smaller side.
export function dot(a: TermVector, b: TermVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a]
  let sum = 0
  for (const [term, value] of small) {
    const other = large.get(term)
    if (other !== undefined) sum += value * other
  }
  return sum
}

export function cosine(a: TermVector, b: TermVector): number {
  const na = vectorNorm(a)
  const nb = vectorNorm(b)
  return na === 0 || nb === 0 ? 0 : dot(a, b) / (na * nb)
}
