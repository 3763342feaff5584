import { describe, expect, it } from 'vitest'
import { type DateFormat, dateLocale, formatBucket, formatDate, formatMonth } from './format-date'
import { day } from './test-days'

const FORMATS: DateFormat[] = ['short', 'long', 'withTime', 'closeDate', 'closeDateNoComma']

describe('formatDate in English', () => {
  it.each<[DateFormat, string]>([
    ['short', '05 Mar 26'],
    ['long', '5 March 2026'],
    ['withTime', '5 March 2026 at 14:07'],
    ['closeDate', '5 Mar, 2026'],
    ['closeDateNoComma', '5 Mar 2026'],
  ])('%s → %s', (dateFormat, expected) => {
    expect(formatDate(day('2026-03-05', 14, 7), dateFormat)).toBe(expected)
    expect(formatDate(day('2026-03-05', 14, 7), dateFormat, 'en')).toBe(expected)
  })

  it('treats en-gb like en and ignores the case of the language code', () => {
    expect(formatDate(day('2026-03-05'), 'closeDate', 'en-gb')).toBe('5 Mar, 2026')
    expect(formatDate(day('2026-03-05'), 'closeDate', 'EN')).toBe('5 Mar, 2026')
  })

  it('pads only the short format’s day and uses a two-digit year there', () => {
    expect(formatDate(day('2026-01-01'), 'short')).toBe('01 Jan 26')
    expect(formatDate(day('2026-01-01'), 'long')).toBe('1 January 2026')
    expect(formatDate(day('2026-01-01'), 'closeDate')).toBe('1 Jan, 2026')
    expect(formatDate(day('2026-01-01'), 'closeDateNoComma')).toBe('1 Jan 2026')
    expect(formatDate(day('2009-12-31'), 'short')).toBe('31 Dec 09')
  })

  it('uses the British short month for September (CLDR en-GB)', () => {
    expect(formatDate(day('2026-09-05'), 'short')).toBe('05 Sept 26')
    expect(formatDate(day('2026-09-05'), 'closeDate')).toBe('5 Sept, 2026')
  })

  it('shows 24-hour time with two-digit hours and minutes', () => {
    expect(formatDate(day('2026-03-05'), 'withTime')).toBe('5 March 2026 at 00:00')
    expect(formatDate(day('2026-03-05', 9, 5), 'withTime')).toBe('5 March 2026 at 09:05')
    expect(formatDate(day('2026-12-31', 23, 59), 'withTime')).toBe('31 December 2026 at 23:59')
  })

  it('formats the leap day', () => {
    expect(formatDate(day('2028-02-29'), 'short')).toBe('29 Feb 28')
    expect(formatDate(day('2028-02-29'), 'long')).toBe('29 February 2028')
  })
})

describe('formatDate inputs', () => {
  it('reads a date-only string as that calendar date, whatever the time zone', () => {
    expect(formatDate('2026-03-05', 'long')).toBe('5 March 2026')
    // Read as UTC midnight, these would fall on the previous day west of Greenwich.
    expect(formatDate('2026-01-01', 'closeDate')).toBe('1 Jan, 2026')
    expect(formatDate('2026-12-31', 'short')).toBe('31 Dec 26')
    expect(formatDate('2028-02-29', 'closeDateNoComma')).toBe('29 Feb 2028')
    expect(formatDate('2026-03-05', 'withTime')).toBe('5 March 2026 at 00:00')
  })

  it('shows a timestamp in local time', () => {
    const lateEvening = day('2026-03-05', 23, 30)
    expect(formatDate(lateEvening.toISOString(), 'withTime')).toBe('5 March 2026 at 23:30')
    expect(formatDate(lateEvening.getTime(), 'long')).toBe('5 March 2026')
    expect(formatDate('2026-03-05T14:07:00', 'withTime')).toBe('5 March 2026 at 14:07')
    expect(formatDate('2026-03-05 14:07', 'withTime')).toBe('5 March 2026 at 14:07')
  })

  it('accepts surrounding whitespace', () => {
    expect(formatDate(' 2026-03-05 ', 'closeDate')).toBe('5 Mar, 2026')
  })

  const missing: [string, unknown][] = [
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['a blank string', '   '],
    ['text', 'not a date'],
    ['a non-ISO string', 'March 5, 2026'],
    ['an impossible date', '2026-02-30'],
    ['an impossible month', '2026-13-01'],
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['an invalid Date', new Date('nope')],
  ]

  it.each(missing)('shows "-" for %s in every format', (_label, value) => {
    for (const dateFormat of FORMATS) {
      expect(formatDate(value as Parameters<typeof formatDate>[0], dateFormat)).toBe('-')
    }
  })

  it('does not mutate a Date it is given', () => {
    const date = day('2026-03-05', 14, 7)
    formatDate(date, 'withTime')
    expect(date).toEqual(day('2026-03-05', 14, 7))
  })
})

describe('formatDate in other languages', () => {
  it('localises names, order and separators', () => {
    const date = day('2026-03-05', 14, 7)
    expect(formatDate(date, 'short', 'de')).toBe('05. März 26')
    expect(formatDate(date, 'long', 'de')).toBe('5. März 2026')
    expect(formatDate(date, 'withTime', 'de')).toBe('5. März 2026 um 14:07')
    expect(formatDate(date, 'long', 'fr')).toBe('5 mars 2026')
    expect(formatDate(date, 'long', 'es')).toBe('5 de marzo de 2026')
  })

  it('puts the close-date comma before a trailing year only', () => {
    const date = day('2026-03-05')
    expect(formatDate(date, 'closeDate', 'de')).toBe('5. März, 2026')
    expect(formatDate(date, 'closeDateNoComma', 'de')).toBe('5. März 2026')
    expect(formatDate(date, 'closeDate', 'en-US')).toBe('Mar 5, 2026')
    expect(formatDate(date, 'closeDateNoComma', 'en-US')).toBe('Mar 5 2026')
    // Year-first languages keep their own form.
    expect(formatDate(date, 'closeDate', 'ja')).toBe('2026年3月5日')
    expect(formatDate(date, 'closeDateNoComma', 'ja')).toBe('2026年3月5日')
  })

  it('falls back to English for an unsupported or malformed language', () => {
    expect(formatDate(day('2026-03-05'), 'closeDate', 'zz')).toBe('5 Mar, 2026')
    expect(formatDate(day('2026-03-05'), 'closeDate', 'not a locale')).toBe('5 Mar, 2026')
    expect(formatDate(day('2026-03-05'), 'closeDate', '')).toBe('5 Mar, 2026')
  })
})

describe('dateLocale', () => {
  it('writes English dates the British, day-first way, like the spec formats', () => {
    expect(dateLocale('en')).toBe('en-GB')
    const time = new Intl.DateTimeFormat(dateLocale('en'), { timeStyle: 'short' })
    expect(time.format(day('2026-03-05', 14, 7))).toBe('14:07')
    const heading = new Intl.DateTimeFormat(dateLocale('en'), {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    })
    expect(heading.format(day('2026-03-05'))).toBe('Thursday 5 March')
  })

  it('keeps other supported languages, and falls back to English', () => {
    expect(dateLocale('de')).toBe('de')
    expect(dateLocale('zz')).toBe('en-GB')
  })
})

describe('formatMonth', () => {
  it('names a month with its year, in the language of the UI', () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026')
    expect(formatMonth('2026-12-01', 'en')).toBe('Dec 2026')
    expect(formatMonth('2026-03', 'de')).toBe('März 2026')
    // The same formatter answers again, from its cache.
    expect(formatMonth('2025-01', 'de')).toBe('Jan. 2025')
  })
})

describe('formatBucket', () => {
  it('names a day or a week as the app writes a date, and a month as formatMonth does', () => {
    // Not "04 May" or "07 Sept": the day as the tables and lists around a chart write it.
    expect(formatBucket('2026-05-04', 'week')).toBe(formatDate('2026-05-04', 'closeDate'))
    expect(formatBucket('2026-05-04', 'day')).toBe('4 May, 2026')
    expect(formatBucket('2026-03-01', 'month')).toBe('Mar 2026')
    expect(formatBucket('2026-03-02', 'week', 'de')).toBe(
      formatDate('2026-03-02', 'closeDate', 'de'),
    )
  })
})
