import { describe, expect, it } from 'vitest'
import { generateCallTranscript } from '../bench/generate-call-transcript.js'
import { analyseEngagements } from './analyse-engagements.js'
import {
  featuresOfStems,
  featuresOfStemWords,
  normalisedFeaturesOfStemWords,
} from './sentence-features.js'
import { stemText } from './stem-text.js'
import { cosine, normaliseInPlace } from './term-vector.js'

describe('concept features', () => {
  it('let different wordings of one concept meet', () => {
    const type = featuresOfStems(stemText('Pricing pushback'))
    const said = featuresOfStems(stemText('That is far too steep for us'))
    const unrelated = featuresOfStems(stemText('Our security team reviews every vendor'))
    expect(cosine(type, said)).toBeGreaterThan(0.3)
    expect(cosine(type, unrelated)).toBe(0)
  })
})

describe('sentence vectors', () => {
  it('are the stems’ features, normalised, the same terms in the same order', () => {
    const text = analyseEngagements([generateCallTranscript(5, 800)])
    for (const sentence of [...text.sentences, { stems: [], stemWords: [] }]) {
      const expected = normaliseInPlace(featuresOfStems(sentence.stems))
      const made = normalisedFeaturesOfStemWords(sentence.stemWords)
      expect([...made]).toEqual([...expected])
      expect([...featuresOfStemWords(sentence.stemWords)]).toEqual([
        ...featuresOfStems(sentence.stems),
      ])
    }
  })
})
