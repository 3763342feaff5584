import { describe, expect, it } from 'vitest'
import { readAmount, readDate, readInstant } from './cell-values.js'
import { resolveMapping } from './column-mapping.js'

describe('CSV cell values', () => {
  it('reads amounts as exports write them', () => {
    expect(readAmount('1234.5')).toBe('1234.50')
    expect(readAmount('1,234.50')).toBe('1234.50')
    expect(readAmount('$1,234')).toBe('1234.00')
    expect(readAmount('1.234,50')).toBe('1234.50')
    expect(readAmount('1 234,5 €')).toBe('1234.50')
    expect(readAmount('lots')).toBeUndefined()
  })

  it('reads ISO, US and dotted dates, and refuses impossible ones', () => {
    expect(readDate('2026-03-31')).toBe('2026-03-31')
    expect(readDate('2026-03-31 10:00')).toBe('2026-03-31')
    expect(readDate('3/31/2026')).toBe('2026-03-31')
    expect(readDate('31.03.2026')).toBe('2026-03-31')
    expect(readDate('2026-02-30')).toBeUndefined()
    // Years 0–99 are those years, not 1900–1999 (Date.UTC's reading); the row parser refuses them.
    expect(readDate('0000-01-01')).toBe('0000-01-01')
    expect(readDate('0099-12-31')).toBe('0099-12-31')
    expect(readDate('1/31/0050')).toBe('0050-01-31')
    expect(readInstant('0000-01-01 10:00')?.toISOString()).toBe('0000-01-01T10:00:00.000Z')
    expect(readInstant('2026-11-02 10:00')?.toISOString()).toBe('2026-11-02T10:00:00.000Z')
    expect(readInstant('11/02/2026 2:15 PM')?.toISOString()).toBe('2026-11-02T14:15:00.000Z')
    expect(readInstant('1793613600000')?.toISOString()).toBe('2026-11-02T10:00:00.000Z')
  })
})

describe('column mapping', () => {
  it('recognises Salesforce opportunity headers', () => {
    const { mapping, problems } = resolveMapping(
      'deals',
      ['Opportunity ID', 'Opportunity Name', 'Stage', 'Amount', 'Close Date', 'Opportunity Owner'],
      {},
    )
    expect(problems).toEqual([])
    expect(mapping).toEqual({
      external_id: 'Opportunity ID',
      name: 'Opportunity Name',
      stage: 'Stage',
      amount: 'Amount',
      close_date: 'Close Date',
      owner: 'Opportunity Owner',
    })
  })

  it('lets an explicit mapping win and names what a contacts file lacks', () => {
    const explicit = resolveMapping('deals', ['Title', 'Deal Name', 'Phase'], {
      name: 'Title',
      stage: 'Phase',
    })
    expect(explicit.mapping).toMatchObject({ name: 'Title', stage: 'Phase' })
    const wrongKind = resolveMapping('deals', ['First Name', 'Last Name', 'Email'], {})
    expect(wrongKind.problems.map((p) => p.code)).toEqual(['missing_column', 'missing_column'])
  })
})
