import type { ErrorDetail } from '@dealcoach/contracts/errors'

/** An error meant for the client: its status, code and message are sent as they are. */
export class HttpError extends Error {
  override name = 'HttpError'

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    /** Response headers that belong to the error, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`)

export const forbidden = (message = 'You are not allowed to do this.') =>
  new HttpError(403, 'forbidden', message)

export const unauthorized = (message = 'Sign in to continue.') =>
  new HttpError(401, 'unauthorized', message)

/** A 400 about one body field, shaped like a schema validation failure. */
export const invalidField = (path: string, message: string, code = 'validation_failed') =>
  new HttpError(400, code, `${path}: ${message}`, [{ path, message }])

/** ASVS 2.2.1: too many attempts; the client may try again after `retryAfterSeconds`. */
export const rateLimited = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    'rate_limited',
    `Too many attempts. Try again in ${describeWait(retryAfterSeconds)}.`,
    undefined,
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  )

function describeWait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.ceil(seconds))} seconds`
  return `${Math.ceil(seconds / 60)} minutes`
}
