/**
 * Whether two objection-type names mean the same objection, so that adding a framework's types
 * merges into a type the organisation already has instead of stacking near-copies beside it
 * ("Price" beside "Price / budget", "Budget", "Price pressure").
 *
 * Names are reduced to their significant words (lower case, small words dropped, crude suffix
 * stemming). Two names are alike when one's words contain the other's, when they share at least
 * half of their words together, or when the first word of one (its head, e.g. "price" in "Price
 * pressure") is among the other's words.
 */
export function namesAlike(a: string, b: string): boolean {
  const left = significantWords(a)
  const right = significantWords(b)
  if (left.length === 0 || right.length === 0) return false
  const leftSet = new Set(left)
  const rightSet = new Set(right)
  if (left.every((word) => rightSet.has(word)) || right.every((word) => leftSet.has(word))) {
    return true
  }
  const shared = [...leftSet].filter((word) => rightSet.has(word)).length
  if (shared * 2 >= new Set([...leftSet, ...rightSet]).size) return true
  return rightSet.has(left[0] ?? '') || leftSet.has(right[0] ?? '')
}

/** The first existing type whose name is alike, if any. */
export function findAlike<T extends { name: string }>(name: string, existing: readonly T[]) {
  return existing.find((type) => namesAlike(name, type.name))
}

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'at',
  'for',
  'in',
  'is',
  'it',
  'no',
  'not',
  'of',
  'on',
  'or',
  'our',
  'the',
  'to',
  'too',
  'we',
  'with',
])

// Longest first, so "ition" wins over "ion".
const SUFFIXES = ['ition', 'ation', 'itor', 'ing', 'ion', 'ers', 'er', 'or', 'es', 's']

function stem(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`
  const suffix = SUFFIXES.find(
    (ending) => word.endsWith(ending) && word.length - ending.length >= 4,
  )
  return suffix ? word.slice(0, -suffix.length) : word
}

function significantWords(name: string): string[] {
  return name
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !SMALL_WORDS.has(word))
    .map(stem)
}
