/**
 * An error that only makes sense at the HTTP edge (authentication hooks, plugins): its status,
 * code, message and headers are sent as they are. Services throw domain errors instead.
 */
export class HttpError extends Error {
  override name = 'HttpError'

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Response headers that belong to the error, e.g. WWW-Authenticate on a 401. */
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

/** RFC 6750: a 401 tells the client which scheme to use and, for a bad token, why it failed. */
export const unauthorized = (message = 'Sign in to continue.', error?: 'invalid_token') =>
  new HttpError(401, 'unauthorized', message, {
    'www-authenticate': error ? `Bearer error="${error}"` : 'Bearer',
  })
