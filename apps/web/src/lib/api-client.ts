import type { ErrorBody } from '@dealcoach/contracts/errors'

/** An answer other than 2xx, carrying the server's error code and message (DESIGN §3.5). */
export class HttpError extends Error {
  override name = 'HttpError'

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

let accessToken: string | null = null

export function setAccessToken(token: string | null) {
  accessToken = token
}

export function getAccessToken(): string | null {
  return accessToken
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown
}

/** The base API: JSON with credentials, and the bearer token whenever one is stored (spec §7). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers(options.headers)
  headers.set('accept', 'application/json')
  if (options.body !== undefined) headers.set('content-type', 'application/json')
  if (accessToken) headers.set('authorization', `Bearer ${accessToken}`)

  const response = await fetch(path, {
    ...options,
    headers,
    credentials: 'include',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  if (!response.ok) throw await toHttpError(response)
  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

async function toHttpError(response: Response): Promise<HttpError> {
  const body: unknown = await response.json().catch(() => null)
  if (isErrorBody(body)) return new HttpError(response.status, body.error.code, body.error.message)
  return new HttpError(
    response.status,
    'http_error',
    `${response.status} ${response.statusText}`.trim(),
  )
}

// A hand-written guard rather than the zod schema: zod would add ~50 KB to every page.
function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false
  const error = value.error
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  )
}
