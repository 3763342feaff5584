import type { EvalCase } from '../eval/eval-case.js'
import {
  gapFeatures,
  rawBoundaries,
  RAW_TURN_MIN_WORDS,
  type Segmenter,
} from '../nlp/segment-raw-text.js'
import { tokenProperty, winkInstance } from '../nlp/wink-instance.js'
import {
  linearScore,
  sigmoid,
  trainLogistic,
  type LinearModel,
  type TrainingExample,
} from './logistic-regression.js'
import { foldsOf } from './training-data.js'

const SENTENCE_END = new Set(['.', '?', '!', ';'])
const PUNCTUATED = /[A-Z]/

// Words of a punctuated utterance as call-recorder text would give them (lower case, no
// punctuation), each marked when a sentence ended after it.
export function wordsWithEnds(text: string): { words: string[]; ends: boolean[] } {
  const tokens = winkInstance().readDoc(text).tokens()
  const normals = tokenProperty(tokens, 'normal')
  const types = tokenProperty(tokens, 'type')
  const words: string[] = []
  const ends: boolean[] = []
  normals.forEach((normal, t) => {
    const type = types[t]
    if (type === 'tabCRLF') return
    if (type === 'punctuation') {
      if (SENTENCE_END.has(normal) && ends.length > 0) ends[ends.length - 1] = true
      return
    }
    words.push(normal)
    ends.push(false)
  })
  return { words, ends }
}

// The utterances typed with capitals and full stops, as raw words with their sentence ends.
function punctuatedUtterances(cases: readonly EvalCase[]): { words: string[]; ends: boolean[] }[] {
  const out: { words: string[]; ends: boolean[] }[] = []
  for (const evalCase of cases) {
    for (const engagement of evalCase.engagements) {
      for (const utterance of engagement.utterances ?? []) {
        if (!PUNCTUATED.test(utterance.text) || !/[.?!]/.test(utterance.text)) continue
        out.push(wordsWithEnds(utterance.text))
      }
    }
  }
  return out
}

// Learns sentence ends from the training calls that were written with punctuation: every
// gap between two words is an example, a sentence end or not.
export function trainSegmenter(cases: readonly EvalCase[]): Segmenter {
  const examples: TrainingExample[] = []
  for (const { words, ends } of punctuatedUtterances(cases)) {
    let last = -1
    for (let i = 0; i < words.length - 1; i++) {
      examples.push({ features: gapFeatures(words, i, i - last), label: ends[i] ? 1 : 0 })
      if (ends[i]) last = i
    }
  }
  const model = trainLogistic(examples, {
    l2: 0.0001,
    iterations: 200,
    learningRate: 0.1,
    balanced: false,
    minCount: 5,
    decimals: 2,
    minWeight: 0.05,
  })
  return { model, threshold: bestThreshold(model, examples) }
}

// Sentence ends are rare among gaps, so 0.5 would split almost nothing: the threshold is the
// one with the best boundary F1 on the training gaps.
function bestThreshold(model: LinearModel, examples: readonly TrainingExample[]): number {
  const scored = examples.map((e) => ({ p: sigmoid(linearScore(model, e.features)), y: e.label }))
  const ends = scored.filter((s) => s.y === 1).length
  let best = { threshold: 0.5, f1: -1 }
  for (let step = 10; step <= 60; step++) {
    const threshold = step / 100
    let tp = 0
    let fp = 0
    for (const s of scored) {
      if (s.p < threshold) continue
      if (s.y === 1) tp++
      else fp++
    }
    const f1 = tp === 0 ? 0 : (2 * tp) / (tp + fp + ends)
    if (f1 > best.f1) best = { threshold, f1 }
  }
  return best.threshold
}

export interface BoundaryScore {
  precision: number
  recall: number
  f1: number
}

// Held-out boundary precision/recall/F1 by k-fold over cases: each fold's punctuated turns
// long enough to count as raw (lower-cased, punctuation dropped) are cut by a segmenter
// trained on the other folds, and its cuts compared with where the writer ended sentences.
export function crossValidateSegmenter(cases: readonly EvalCase[], k = 5): BoundaryScore {
  let tp = 0
  let fp = 0
  let fn = 0
  const folds = foldsOf(cases, k)
  folds.forEach((held, f) => {
    const segmenter = trainSegmenter(folds.filter((_, g) => g !== f).flat())
    for (const { words, ends } of punctuatedUtterances(held)) {
      if (words.length < RAW_TURN_MIN_WORDS) continue
      const cuts = new Set(rawBoundaries(words, segmenter))
      for (let i = 0; i < words.length - 1; i++) {
        if (cuts.has(i) && ends[i]) tp++
        else if (cuts.has(i)) fp++
        else if (ends[i]) fn++
      }
    }
  })
  const precision = tp / Math.max(1, tp + fp)
  const recall = tp / Math.max(1, tp + fn)
  const f1 = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn)
  return { precision, recall, f1 }
}
