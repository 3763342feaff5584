import { describe, expect, it } from 'vitest'
import { formatRelativeTime } from './relative-time'
import { day } from './test-days'

const NOW = day('2026-03-05', 12)
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000)

describe('formatRelativeTime', () => {
  it.each<[number, string]>([
    [10, 'now'],
    [5 * 60, '5 minutes ago'],
    [3 * 3_600, '3 hours ago'],
    [26 * 3_600, 'yesterday'],
    [3 * 86_400, '3 days ago'],
    [15 * 86_400, '2 weeks ago'],
    [400 * 86_400, '1 year ago'],
  ])('%i seconds ago → %s', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), 'en', NOW)).toBe(text)
  })

  // Calendar days in the reader's time zone, not 24-hour periods (QA finding 2).
  it.each<[Date, Date, string]>([
    [day('2026-03-04', 23), day('2026-03-05', 8), 'yesterday'],
    [day('2026-03-05', 0, 30), day('2026-03-05', 23), '22 hours ago'],
    [day('2026-03-03', 23, 59), day('2026-03-05', 0, 1), '2 days ago'],
    [day('2026-03-04', 1), day('2026-03-05', 23), 'yesterday'],
    [day('2026-02-26', 23), day('2026-03-05', 8), '1 week ago'],
    [day('2026-01-31', 12), day('2026-02-28', 12), '4 weeks ago'],
    [day('2026-01-31', 12), day('2026-03-03', 12), '1 month ago'],
    [day('2025-12-31', 23), day('2026-01-01', 1), 'yesterday'],
  ])('%s seen at %s → %s', (at, now, text) => {
    expect(formatRelativeTime(at, 'en', now)).toBe(text)
  })

  it('counts a day across a daylight-saving change as one', () => {
    // Europe's clocks go forward on 29 March 2026: that day has 23 hours wherever it applies.
    expect(formatRelativeTime(day('2026-03-28', 12), 'en', day('2026-03-29', 11))).toBe('yesterday')
    expect(formatRelativeTime(day('2026-03-28', 12), 'en', day('2026-03-30', 11))).toBe(
      '2 days ago',
    )
  })

  it('speaks the UI language', () => {
    expect(formatRelativeTime(ago(2 * 3_600), 'de', NOW)).toBe('vor 2 Stunden')
    expect(formatRelativeTime(day('2026-03-04', 23), 'de', day('2026-03-05', 8))).toBe('gestern')
    expect(formatRelativeTime(day('2026-03-03', 23), 'de', day('2026-03-05', 8))).toBe('vorgestern')
  })

  it('says tomorrow for a time later than now on the next calendar day', () => {
    expect(formatRelativeTime(day('2026-03-06', 1), 'en', day('2026-03-05', 23))).toBe('tomorrow')
  })

  it('answers null for something that is not a date', () => {
    expect(formatRelativeTime('not a date', 'en', NOW)).toBeNull()
  })
})
