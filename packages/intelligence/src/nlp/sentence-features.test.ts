import { describe, expect, it } from 'vitest'
import { featuresOfStems } from './sentence-features.js'
import { stemText } from './stem-text.js'
import { cosine } from './term-vector.js'

describe('concept features', () => {
  it('let different wordings of one concept meet', () => {
    const type = featuresOfStems(stemText('Pricing pushback'))
    const said = featuresOfStems(stemText('That is far too steep for us'))
    const unrelated = featuresOfStems(stemText('Our security team reviews every vendor'))
    expect(cosine(type, said)).toBeGreaterThan(0.3)
    expect(cosine(type, unrelated)).toBe(0)
  })
})
