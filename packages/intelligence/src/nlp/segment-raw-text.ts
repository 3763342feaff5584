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

// Word classes written from general English grammar, so the model pools what it learns about
// rare words: a clause does not end on an article, a preposition, a conjunction, a question
// word that introduces a clause, an auxiliary or a subject pronoun.
const WORD_CLASS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    det: 'a an the my your our their his its every each',
    prep: 'of to for with from into onto at by about past as like through over under between without per via until',
    conj: 'and or but because if than although though unless whereas while whether nor',
    wh: 'how what when where why who whom whose which',
    aux: 'is are was were be been being am do does did have has had will would can could should must might may shall',
    subj: 'i we they he she',
    opener:
      'also anyway anyhow okay ok alright so well now look listen actually honestly besides plus separately secondly finally meanwhile',
  }).flatMap(([cls, list]) => list.split(' ').map((w): [string, string] => [w, cls])),
)

// Classes no sentence ends on, whatever the model says: cutting after them would leave a
// quoted fragment ("we would need to run it past our").
const NEVER_ENDS = new Set(['det', 'conj', 'subj'])

// Phrases a speaker opens a new topic with; too rare in the training calls to be learned, so
// a turn is always cut before them when both pieces are long enough.
const TOPIC_SHIFTS = [
  'the other thing',
  'another thing',
  'one more thing',
  'one other thing',
  'on top of that',
  'by the way',
  'apart from that',
  'other than that',
  'having said that',
].map((phrase) => phrase.split(' '))
// Their first words: most gaps are answered by one failed look-up.
const SHIFT_STARTS = new Set(TOPIC_SHIFTS.map((phrase) => phrase[0]))
const TOPIC_LINKS = new Set(['and', 'but', 'so', 'oh', 'um', 'uh'])

// A topic phrase at `at`, or after one linking word ("and the other thing").
export function shiftsTopic(words: readonly string[], at: number): boolean {
  const start = TOPIC_LINKS.has(words[at] ?? '') ? at + 1 : at
  if (!SHIFT_STARTS.has(words[start])) return false
  return TOPIC_SHIFTS.some((phrase) => phrase.every((w, j) => words[start + j] === w))
}

function distanceBucket(distance: number): string {
  if (distance < 3) return '0'
  if (distance < 6) return '1'
  if (distance < 10) return '2'
  if (distance < 16) return '3'
  return '4'
}

// Features of the gap after word `i`: the words either side, pairs across and beside it,
// their word classes, and how far the last boundary and the end of the turn are.
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
    `ca:${WORD_CLASS.get(before) ?? 'open'}`,
    `cb:${shiftsTopic(words, i + 1) ? 'opener' : (WORD_CLASS.get(after) ?? 'open')}`,
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
    if (NEVER_ENDS.has(WORD_CLASS.get(words[i] ?? '') ?? '')) continue
    const cut =
      shiftsTopic(words, i + 1) ||
      sigmoid(linearScore(segmenter.model, gapFeatures(words, i, since))) >= segmenter.threshold
    if (cut) {
      boundaries.push(i)
      last = i
    }
  }
  return boundaries
}
