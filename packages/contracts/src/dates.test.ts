import { describe, expect, it } from 'vitest'
import { calendarDateSchema, dateTimeSchema, instantSchema } from './dates.js'

describe('the API’s dates: 1900-01-01 to 9999-12-31', () => {
  it('takes a calendar date within the range and refuses one outside it with its reason', () => {
    for (const date of ['1900-01-01', '2026-02-28', '9999-12-31']) {
      expect(calendarDateSchema.safeParse(date).success, date).toBe(true)
    }
    for (const date of ['0000-01-01', '0001-01-01', '1899-12-31']) {
      const issues = calendarDateSchema.safeParse(date).error?.issues
      expect(issues, date).toEqual([
        expect.objectContaining({
          code: 'custom',
          message: 'must be between 1900-01-01 and 9999-12-31',
          params: { code: 'date_out_of_range', min: '1900-01-01', max: '9999-12-31' },
        }),
      ])
    }
  })

  it('gives a malformed value the format’s issue alone', () => {
    expect(calendarDateSchema.safeParse('2026-02-30').error?.issues.map((i) => i.code)).toEqual([
      'invalid_format',
    ])
    expect(dateTimeSchema.safeParse('tomorrow').error?.issues.map((i) => i.code)).toEqual([
      'invalid_format',
    ])
  })

  it('reads a time’s range in UTC, for date-times and dates alike', () => {
    expect(dateTimeSchema.safeParse('1900-01-01T00:00:00Z').success).toBe(true)
    expect(dateTimeSchema.safeParse('1900-01-01T00:30:00+01:00').success).toBe(false)
    expect(dateTimeSchema.safeParse('9999-12-31T23:59:59.999Z').success).toBe(true)
    expect(dateTimeSchema.safeParse('0000-01-01T00:00:00Z').success).toBe(false)
    expect(instantSchema.safeParse('0000-01-01').success).toBe(false)
    expect(instantSchema.safeParse('0000-01-01T00:00:00Z').success).toBe(false)
    expect(instantSchema.safeParse('2026-11-02').success).toBe(true)
    expect(instantSchema.safeParse('2026-11-02T10:00:00+02:00').success).toBe(true)
  })
})
