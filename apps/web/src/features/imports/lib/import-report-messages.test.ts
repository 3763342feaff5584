import { describe, expect, it } from 'vitest'
import { importFailureMessage, rowProblemMessage } from './import-report-messages'

const problem = (code: string, params: Record<string, string | number> = {}) => ({
  row: 3,
  column: 'Amount',
  severity: 'error' as const,
  code,
  message: 'The server’s English sentence',
  params,
})

describe('import report messages', () => {
  it('says a row problem from its code and what it names, never the server’s sentence', () => {
    expect(rowProblemMessage(problem('invalid_amount', { value: 'lots' }))).toEqual({
      key: 'problems.invalid_amount',
      values: { value: 'lots' },
    })
    expect(rowProblemMessage(problem('a_code_from_a_newer_server'))).toEqual({
      key: 'problems.other',
    })
  })

  it('says why an import failed as a whole, with the line where the CSV broke when known', () => {
    const failure = (code: 'unreadable_csv' | 'not_utf8', params = {}) => ({
      code,
      message: 'x',
      params,
    })
    expect(importFailureMessage(failure('unreadable_csv', { line: 7 }))).toEqual({
      key: 'failures.unreadable_csv',
      values: { line: 7 },
    })
    expect(importFailureMessage(failure('unreadable_csv'))).toEqual({
      key: 'failures.unreadable_csv_somewhere',
    })
    expect(importFailureMessage(failure('not_utf8'))).toEqual({ key: 'errors.not_utf8' })
  })
})
