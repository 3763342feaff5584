import type { ErrorDetail } from '@dealcoach/contracts/errors'

/** An error meant for the client: its status, code and message are sent as they are. */
export class HttpError extends Error {
  override name = 'HttpError'

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message)
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`)
