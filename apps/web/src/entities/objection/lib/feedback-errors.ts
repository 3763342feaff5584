import { HttpError } from '@/lib/api-client'

/** What a refused correction is told in the user's words (objections namespace). */
export type FeedbackProblem =
  | 'report.errors.gone'
  | 'report.errors.type_gone'
  | 'report.errors.example_exists'
  | 'report.errors.examples_full'
  | 'report.errors.quote_too_long'
  | 'report.errors.rejected'
  | 'report.errors.forbidden'
  | 'report.errors.invalid'
  | 'report.errors.failed'

// The server's codes for corrections and promotions (issue 14).
const BY_CODE: Record<string, FeedbackProblem> = {
  objection_type_unknown: 'report.errors.type_gone',
  objection_example_exists: 'report.errors.example_exists',
  objection_type_examples_full: 'report.errors.examples_full',
  objection_quote_too_long: 'report.errors.quote_too_long',
  objection_rejected: 'report.errors.rejected',
}

/** The server's sentence is never shown: its code (or else its status) picks one of ours. */
export function feedbackProblem(error: unknown): FeedbackProblem {
  if (!(error instanceof HttpError)) return 'report.errors.failed'
  const known = BY_CODE[error.code]
  if (known) return known
  if (error.status === 403) return 'report.errors.forbidden'
  if (error.status === 404) return 'report.errors.gone'
  if (error.status === 400 || error.status === 409) return 'report.errors.invalid'
  return 'report.errors.failed'
}
