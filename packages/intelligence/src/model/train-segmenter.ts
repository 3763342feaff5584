import type { EvalCase } from '../eval/eval-case.js'
import { gapFeatures, type Segmenter } from '../nlp/segment-raw-text.js'
import { tokenProperty, winkInstance } from '../nlp/wink-instance.js'
import {
  linearScore,
  sigmoid,
  trainLogistic,
  type LinearModel,
  type TrainingExample,
} from './logistic-regression.js'

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

// Learns sentence ends from the training calls that were written with punctuation: every
// gap between two words is an example, a sentence end or not.
export function trainSegmenter(cases: readonly EvalCase[]): Segmenter {
  const examples: TrainingExample[] = []
  for (const evalCase of cases) {
    for (const engagement of evalCase.engagements) {
      for (const utterance of engagement.utterances ?? []) {
        if (!PUNCTUATED.test(utterance.text) || !/[.?!]/.test(utterance.text)) continue
        const { words, ends } = wordsWithEnds(utterance.text)
        let last = -1
        for (let i = 0; i < words.length - 1; i++) {
          examples.push({ features: gapFeatures(words, i, i - last), label: ends[i] ? 1 : 0 })
          if (ends[i]) last = i
        }
      }
    }
  }
  const model = trainLogistic(examples, {
    l2: 0.0005,
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
