import { describe, expect, it } from 'vitest'
import { keepCreditOfUnchangedStatuses } from './action-credit.js'

describe('keepCreditOfUnchangedStatuses', () => {
  const previous = [
    { actionId: 'a', status: 'Completed', engagementId: 'vtt' },
    { actionId: 'b', status: 'Pending', engagementId: 'vtt' },
    { actionId: 'c', status: 'In progress', engagementId: null },
  ]

  it('keeps an unchanged status with its engagement, by meaning and not by words', () => {
    const [a] = keepCreditOfUnchangedStatuses(previous, [
      { actionId: 'a', status: 'Done', engagementId: 'srt' },
    ])
    expect(a?.engagementId).toBe('vtt')
  })

  it('credits a changed status, a new action and one credited to no engagement as the engine did', () => {
    const next = keepCreditOfUnchangedStatuses(previous, [
      { actionId: 'b', status: 'Completed', engagementId: 'srt' },
      { actionId: 'c', status: 'In progress', engagementId: 'srt' },
      { actionId: 'd', status: 'Pending', engagementId: 'srt' },
    ])
    expect(next.map((row) => row.engagementId)).toEqual(['srt', 'srt', 'srt'])
  })
})
