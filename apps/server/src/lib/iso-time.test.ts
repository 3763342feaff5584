import { describe, expect, it } from 'vitest'
import { isoFromUtcText, isoTime } from './iso-time.js'

describe('isoFromUtcText', () => {
  it('writes what a Date made from the same UTC text would write', () => {
    for (const text of [
      '2026-11-20 10:00:00',
      '2026-11-20 10:00:00.5',
      '2026-11-20 10:00:00.12',
      '2026-11-20 10:00:00.123',
      '2026-11-20 10:00:00.123956',
      '2026-11-20 23:59:59.999999',
      '1999-01-01 00:00:00.000001',
    ]) {
      expect(isoFromUtcText(text)).toBe(new Date(`${text}+00`).toISOString())
    }
  })

  it('cuts microseconds rather than rounding them', () => {
    expect(isoFromUtcText('2026-11-20 10:00:00.9999')).toBe('2026-11-20T10:00:00.999Z')
  })

  it('reads any other form through a Date', () => {
    expect(isoFromUtcText('2026-11-20 10:00')).toBe('2026-11-20T10:00:00.000Z')
  })
})

describe('isoTime', () => {
  it('leaves text as it is and writes a Date out', () => {
    expect(isoTime('2026-11-20T10:00:00.000Z')).toBe('2026-11-20T10:00:00.000Z')
    expect(isoTime(new Date('2026-11-20T10:00:00.250Z'))).toBe('2026-11-20T10:00:00.250Z')
  })
})
