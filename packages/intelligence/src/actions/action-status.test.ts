import { describe, expect, it } from 'vitest'
import { progressFromStatusText, statusText } from './action-status.js'

describe('action status', () => {
  it('maps status text per spec §4, case-insensitively', () => {
    expect(progressFromStatusText('Task COMPLETE')).toBe('completed')
    expect(progressFromStatusText('done')).toBe('completed')
    expect(progressFromStatusText('Success!')).toBe('completed')
    expect(progressFromStatusText('Pending')).toBe('pending')
    expect(progressFromStatusText('waiting on legal')).toBe('pending')
    expect(progressFromStatusText('New')).toBe('pending')
    expect(progressFromStatusText('In progress')).toBe('ongoing')
  })

  it('round-trips the engine’s own status strings', () => {
    for (const progress of ['completed', 'pending', 'ongoing'] as const) {
      expect(progressFromStatusText(statusText(progress))).toBe(progress)
    }
    expect(statusText('ongoing')).toBe('In progress')
  })
})
