import { describe, expect, it } from 'vitest'
import { knownStageIds } from './known-stage-ids'

describe('knownStageIds', () => {
  it('keeps the selected stages of the pipeline, in the order selected, and drops the others', () => {
    expect(knownStageIds(['s3', 'other', 's1'], ['s1', 's2', 's3'])).toEqual(['s3', 's1'])
    expect(knownStageIds(['other'], ['s1'])).toEqual([])
    expect(knownStageIds([], ['s1'])).toEqual([])
  })
})
