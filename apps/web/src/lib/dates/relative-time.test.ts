import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './relative-time'

const NOW = new Date('2026-03-05T12:00:00Z')
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000)

describe('formatRelativeTime', () => {
  it.each<[number, string]>([
    [10, 'now'],
    [5 * 60, '5 minutes ago'],
    [3 * 3_600, '3 hours ago'],
    [26 * 3_600, 'yesterday'],
    [3 * 86_400, '3 days ago'],
    [15 * 86_400, '2 weeks ago'],
    [400 * 86_400, 'last year'],
  ])('%i seconds ago → %s', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), 'en', NOW)).toBe(text)
  })

  it('speaks the UI language', () => {
    expect(formatRelativeTime(ago(2 * 3_600), 'de', NOW)).toBe('vor 2 Stunden')
  })

  it('answers null for something that is not a date', () => {
    expect(formatRelativeTime('not a date', 'en', NOW)).toBeNull()
  })
})
