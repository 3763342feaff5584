import { linearScore, sigmoid, type LinearModel } from '../model/logistic-regression.js'

// Call-recorder text comes without capitals or full stops, so a long turn reads as one
// sentence. A boundary model learned from punctuated calls (which words end a sentence,
// which begin one: "okay", "so", "but the thing is"…) splits it where the speaker moves on.

export interface Segmenter {
  model: LinearModel
  threshold: number
}

// Words a turn needs, without sentence punctuation, before it is treated as raw text.
export const RAW_TURN_MIN_WORDS = 12
// No piece shorter than this is split off.
const MIN_PIECE = 3

function distanceBucket(distance: number): string {
  if (distance < 3) return '0'
  if (distance < 6) return '1'
  if (distance < 10) return '2'
  if (distance < 16) return '3'
  return '4'
}

// Features of the gap after word `i`: the words either side, pairs across and beside it,
// and how far the last boundary and the end of the turn are.
export function gapFeatures(words: readonly string[], i: number, sinceBoundary: number): string[] {
  const before = words[i] ?? ''
  const after = words[i + 1] ?? ''
  const afterNext = words[i + 2] ?? '<end>'
  const beforePrevious = words[i - 1] ?? '<start>'
  const remaining = words.length - i - 1
  return [
    `a:${before}`,
    `b:${after}`,
    `ab:${before} ${after}`,
    `bb:${after} ${afterNext}`,
    `aa:${beforePrevious} ${before}`,
    `d:${distanceBucket(sinceBoundary)}`,
    `e:${Math.min(remaining, 4)}`,
  ]
}

// Indices of the words after which a new sentence starts.
export function rawBoundaries(words: readonly string[], segmenter: Segmenter): number[] {
  const boundaries: number[] = []
  let last = -1
  for (let i = MIN_PIECE - 1; i < words.length - MIN_PIECE; i++) {
    const since = i - last
    if (since < MIN_PIECE) continue
    const p = sigmoid(linearScore(segmenter.model, gapFeatures(words, i, since)))
    if (p >= segmenter.threshold) {
      boundaries.push(i)
      last = i
    }
  }
  return boundaries
}
