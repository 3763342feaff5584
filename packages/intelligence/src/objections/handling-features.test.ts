import { describe, expect, it } from 'vitest'
import { generateCallTranscript } from '../bench/generate-call-transcript.js'
import { linearScore } from '../model/logistic-regression.js'
import { committedModel } from '../model/objection-model.js'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { featuresOfStems } from '../nlp/sentence-features.js'
import { sentenceVectors } from '../nlp/sentence-vectors.js'
import { handlingFeatures, handlingScore } from './handling-features.js'
import { judgeHandling } from './judge-handling.js'

describe('handlingScore', () => {
  it('scores every judgement exactly as its named features', () => {
    const model = committedModel()
    const text = analyseEngagements([generateCallTranscript(3)])
    const vectors = sentenceVectors(text)
    const buyerSentences = text.sentences.filter((s) => s.role === 'buyer')
    expect(buyerSentences.length).toBeGreaterThan(10)
    for (const sentence of buyerSentences) {
      const judgement = judgeHandling(text, vectors, sentence, featuresOfStems(sentence.stems))
      for (const resists of [false, true]) {
        expect(handlingScore(model.handled, text, judgement, resists)).toBe(
          linearScore(model.handled, handlingFeatures(text, judgement, resists)),
        )
      }
    }
  })
})
