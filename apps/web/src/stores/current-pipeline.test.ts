import { afterEach, describe, expect, it } from 'vitest'
import {
  CURRENT_PIPELINE_STORAGE,
  currentPipeline,
  useCurrentPipelineStore,
} from './current-pipeline'

describe('currentPipeline', () => {
  const pipelines = [
    { id: 'a', active: false },
    { id: 'b', active: true },
    { id: 'c', active: true },
  ]
  it('keeps the chosen pipeline while it is active', () => {
    expect(currentPipeline(pipelines, 'c')?.id).toBe('c')
  })
  it('falls back to the first active pipeline', () => {
    expect(currentPipeline(pipelines, 'a')?.id).toBe('b')
    expect(currentPipeline(pipelines, null)?.id).toBe('b')
    expect(currentPipeline([{ id: 'a', active: false }], null)).toBeUndefined()
  })
})

describe('the current pipeline store', () => {
  afterEach(() => useCurrentPipelineStore.getState().setPipelineId(null))

  it('keeps the choice in browser storage', () => {
    useCurrentPipelineStore.getState().setPipelineId('p2')
    expect(JSON.parse(localStorage.getItem(CURRENT_PIPELINE_STORAGE) ?? '{}')).toMatchObject({
      state: { pipelineId: 'p2' },
    })
  })
})
