import { describe, expect, it } from 'vitest'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { call } from '../test-support/deal-builders.js'
import { opensNewConcern } from './new-concern.js'

function opens(sentence: string): boolean {
  const [first] = analyseEngagements([call('c', [['buyer', sentence]])]).sentences
  return first !== undefined && opensNewConcern(first)
}

describe('opensNewConcern', () => {
  it('reads an adding word or a topic phrase at the start as a new concern', () => {
    expect(opens('Also our legal team will not accept a three-year contract.')).toBe(true)
    expect(opens('And besides, the rollout is too slow.')).toBe(true)
    expect(opens('The other thing is price.')).toBe(true)
    expect(opens('On top of that, support is only in English.')).toBe(true)
  })

  it('does not read the same words later in the sentence as one', () => {
    expect(opens('We cannot justify that cost this year either.')).toBe(false)
    expect(opens('Our legal team would also need to review it.')).toBe(false)
  })
})
