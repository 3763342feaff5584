import type { ImportBody } from '@dealcoach/contracts/imports'
import type { ImportMessage } from './import-errors'

type ImportProblem = ImportBody['problems'][number]
type ImportFailure = NonNullable<ImportBody['error']>

/** The row problems the server reports (modules/imports/row-parsers.ts and import-run.ts). */
const ROW_PROBLEM_CODES = new Set([
  'no_pipeline',
  'unknown_pipeline',
  'unknown_stage',
  'required',
  'too_long',
  'invalid_amount',
  'negative_amount',
  'invalid_currency',
  'invalid_date',
  'unknown_owner',
  'invalid_status',
  'invalid_email',
  'invalid_type',
  'nul_character',
  'extra_columns',
  'duplicate_row',
  'unknown_deal',
  'date_out_of_range',
  // An activity's date after now (an upload refuses one too).
  'date_in_future',
  // A slash date against the order the file's other dates show, and one read in the order its
  // conventions suggest because none shows it (ADR 0031).
  'date_not_day_first',
  'date_not_month_first',
  'date_read_day_first',
  'date_read_month_first',
])

/**
 * A line of the row report in the reader's language, from its code and what it names; a code
 * this app does not know yet points to the downloaded report, which has the server's text.
 */
export function rowProblemMessage(
  problem: ImportProblem,
  { canMatchValues }: { canMatchValues: boolean } = { canMatchValues: true },
): ImportMessage {
  if (!ROW_PROBLEM_CODES.has(problem.code)) return { key: 'problems.other' }
  if (problem.code === 'unknown_stage') {
    // The row named its pipeline: "not a stage of your pipelines" would be untrue when another
    // pipeline has a stage of that name.
    const named = typeof problem.params.pipeline === 'string'
    const key = named ? 'problems.unknown_stage_in_pipeline' : 'problems.unknown_stage'
    // "Match it to a stage above" only while the matching panel is there: not once the import
    // is written, nor for a member, who cannot match.
    return { key: canMatchValues ? key : `${key}_no_match`, values: problem.params }
  }
  return { key: `problems.${problem.code}`, values: problem.params }
}

/** Why an import failed as a whole, in the reader's language. */
export function importFailureMessage(failure: ImportFailure): ImportMessage {
  switch (failure.code) {
    case 'empty_file':
    case 'binary_file':
    case 'not_utf8':
    case 'no_header':
      // The same file problems an upload is refused for.
      return { key: `errors.${failure.code}` }
    case 'unreadable_csv':
      return failure.params.line === undefined
        ? { key: 'failures.unreadable_csv_somewhere' }
        : { key: 'failures.unreadable_csv', values: failure.params }
    case 'too_many_rows':
    case 'unexpected_error':
      return { key: `failures.${failure.code}`, values: failure.params }
  }
}
