import { HttpError } from '@/lib/api-client'

/** What a refused correction is told in the user's words (objections namespace), by error code. */
export type FeedbackProblem =
  | 'report.errors.gone'
  | 'report.errors.type_gone'
  | 'report.errors.forbidden'
  | 'report.errors.invalid'
  | 'report.errors.failed'

/** The server's sentence is never shown: its code (or status) picks one of ours. */
export function feedbackProblem(error: unknown): FeedbackProblem {
  if (!(error instanceof HttpError)) return 'report.errors.failed'
  if (error.status === 403 || error.code === 'forbidden') return 'report.errors.forbidden'
  if (error.status === 404) {
    // The type named in the body is gone; otherwise the objection (or the correction) is.
    return /type/i.test(error.code) || error.details.some((detail) => /type/.test(detail.path))
      ? 'report.errors.type_gone'
      : 'report.errors.gone'
  }
  if (error.status === 400 || error.status === 422) return 'report.errors.invalid'
  return 'report.errors.failed'
}
