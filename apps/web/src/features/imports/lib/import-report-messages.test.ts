import { describe, expect, it } from 'vitest'
import { importFailureMessage, rowProblemMessage } from './import-report-messages'

const LOCALES = ['en', 'de', 'es', 'fr', 'ar']

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

  it('names the pipeline a stage is missing from when the row named one, in every language', async () => {
    expect(rowProblemMessage(problem('unknown_stage', { value: 'Qualification' }))).toEqual({
      key: 'problems.unknown_stage',
      values: { value: 'Qualification' },
    })
    const named = problem('unknown_stage', { value: 'Qualification', pipeline: 'New Business' })
    expect(rowProblemMessage(named)).toEqual({
      key: 'problems.unknown_stage_in_pipeline',
      values: { value: 'Qualification', pipeline: 'New Business' },
    })
    expect(rowProblemMessage(named, { canMatchValues: false }).key).toBe(
      'problems.unknown_stage_in_pipeline_no_match',
    )
    for (const locale of LOCALES) {
      const { problems } = (await import(`../../../../public/locales/${locale}/imports.json`)) as {
        problems: Record<string, string>
      }
      for (const key of ['unknown_stage_in_pipeline', 'unknown_stage_in_pipeline_no_match']) {
        expect(problems[key], `${locale} ${key}`).toContain('{{value}}')
        expect(problems[key], `${locale} ${key}`).toContain('{{pipeline}}')
      }
      expect(problems.unknown_stage_no_match, locale).toContain('{{value}}')
    }
  })

  it('says how a slash date was read, or that it goes against the order of the file’s other dates, in the reader’s language', async () => {
    const read = {
      ...problem('date_read_month_first', {
        value: '03/04/2027',
        date: '2027-03-04',
        other: '2027-04-03',
      }),
      severity: 'warning' as const,
    }
    expect(rowProblemMessage(read)).toEqual({
      key: 'problems.date_read_month_first',
      values: { value: '03/04/2027', date: '2027-03-04', other: '2027-04-03' },
    })
    const against = problem('date_not_day_first', {
      value: '3/31/2026',
      example: '15/03/2027',
      date: '2026-03-31',
    })
    expect(rowProblemMessage(against).key).toBe('problems.date_not_day_first')
    for (const locale of LOCALES) {
      const { problems } = (await import(`../../../../public/locales/${locale}/imports.json`)) as {
        problems: Record<string, string>
      }
      for (const code of [
        'date_not_day_first',
        'date_not_month_first',
        'date_read_day_first',
        'date_read_month_first',
      ]) {
        const text = problems[code] ?? ''
        expect(text, `${locale} ${code}`).toContain('{{value}}')
        expect(text, `${locale} ${code}`).toContain('{{date}}')
        expect(text, `${locale} ${code}`).toContain(
          code.startsWith('date_read') ? '{{other}}' : '{{example}}',
        )
      }
    }
    const en = (await import('../../../../public/locales/en/imports.json')) as {
      problems: Record<string, string>
    }
    expect(en.problems.date_read_month_first).toBe(
      '“{{value}}” was read as {{date}}, month first as US exports write dates: no date in the file shows its order. If it means {{other}}, write the file’s dates as YYYY-MM-DD and import it again.',
    )
  })

  it('says an activity date in the future in every language', async () => {
    expect(rowProblemMessage(problem('date_in_future', { value: '2099-01-01' }))).toEqual({
      key: 'problems.date_in_future',
      values: { value: '2099-01-01' },
    })
    for (const locale of LOCALES) {
      const { problems } = (await import(`../../../../public/locales/${locale}/imports.json`)) as {
        problems: Record<string, string>
      }
      expect(problems.date_in_future, locale).toContain('{{value}}')
    }
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
