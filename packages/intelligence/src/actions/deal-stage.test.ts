import { describe, expect, it } from 'vitest'
import { call } from '../test-support/deal-builders.js'
import { dealStageTags } from './deal-stage.js'

describe('dealStageTags', () => {
  it('reads the kind of conversation from engagement titles', () => {
    const discovery = { ...call('e1', []), name: 'Discovery call with the ops team' }
    const terms = {
      id: 'e2',
      type: 'email' as const,
      name: 'Re: revised order form and contract terms',
      occurred_at: '2026-03-09T10:00:00Z',
      body: 'See attached.',
    }
    expect(dealStageTags([discovery, terms])).toEqual([
      'closing',
      'engagements:2',
      'first',
      'has:call',
      'has:email',
      'now:closing',
    ])
  })

  it('tags only the engagements’ kinds and count when titles name no stage', () => {
    expect(dealStageTags([call('e1', [])])).toEqual(['engagements:1', 'has:call'])
  })
})
