import type { ErrorBody, ErrorDetail } from '@dealcoach/contracts/errors'
import { getAccessToken, setAccessToken } from './access-token'
import { saveRedirectLocation } from './redirect-storage'

/** An answer other than 2xx, carrying the server's error code and message (DESIGN §3.5). */
export class HttpError extends Error {
  override name = 'HttpError'

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
    /** The fields the server refused, by path (`body.email`); forms map them to their fields. */
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message)
  }
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown
}

/** Spec §7: the base API sends credentials; the second (registration) API does not. */
export type ApiKind = 'base' | 'registration'

const EXEMPT_PATHS: Record<ApiKind, string[]> = {
  base: ['/auth/', '/login', '/register'],
  registration: ['/auth/', '/login', '/register', '/complete_registration'],
}

/** Spec §7: calls to these paths never trigger a refresh. */
export function isRefreshExempt(path: string, api: ApiKind = 'base'): boolean {
  return EXEMPT_PATHS[api].some((fragment) => path.includes(fragment))
}

/** What happens when the session cannot be renewed; the app replaces it with a router navigation. */
let onSessionExpired: () => void = () => window.location.assign('/login/')

export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler
}

interface TokenResponse {
  access_token?: string
  token?: string
}

let refreshInFlight: Promise<string | null> | null = null

/** The Web Locks name every tab of this browser refreshes under. */
export const REFRESH_LOCK_NAME = 'dealcoach-refresh'

/** The server's answer when another tab rotated the same cookie moments before (ADR 0016). */
const SUPERSEDED_CODE = 'refresh_token_superseded'

/**
 * Tabs share one refresh cookie, and each refresh rotates it: two tabs refreshing at once would
 * present the same cookie twice. Under a browser-wide lock they take turns, and the second sends
 * the cookie the first was just given. Without Web Locks the server's grace answer covers it.
 */
async function underRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return task()
  // The lock is held until the task's promise settles; its answer is the task's.
  return await locks.request(REFRESH_LOCK_NAME, task)
}

async function requestRefresh(): Promise<string | null> {
  for (let attempt = 0; ; attempt += 1) {
    // Spec §7: sent as every call is, with the bearer header while a token is stored (the server
    // renews from the cookie alone, so an expired token here does no harm); /auth/ is exempt from
    // the refresh-and-retry, so this never calls itself.
    const response = await authorizedFetch('/auth/refresh', {
      headers: { accept: 'application/json' },
    })
    if (response.ok) {
      const body = (await response.json()) as TokenResponse
      // Spec §7: the answer carries access_token or token.
      return body.access_token ?? body.token ?? null
    }
    // Lost the race to another tab (no Web Locks): the browser now holds its successor cookie.
    if (attempt === 0 && (await errorCodeOf(response)) === SUPERSEDED_CODE) continue
    return null
  }
}

async function errorCodeOf(response: Response): Promise<string | undefined> {
  const body: unknown = await response.json().catch(() => null)
  return isErrorBody(body) ? body.error.code : undefined
}

/**
 * Spec §4: asks for a new access token with the refresh cookie. Concurrent callers share one
 * request. Resolves to the new token, or null (and clears the stored one) when refresh fails.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= (async () => {
    try {
      const token = await underRefreshLock(requestRefresh)
      setAccessToken(token)
      return token
    } catch {
      setAccessToken(null)
      return null
    } finally {
      refreshInFlight = null
    }
  })()
  return refreshInFlight
}

/** Spec §4/§8: a failed refresh clears the token, saves where the user was and goes to /login. */
export function expireSession() {
  setAccessToken(null)
  saveRedirectLocation(
    `${window.location.pathname}${window.location.search}${window.location.hash}`,
  )
  onSessionExpired()
}

/**
 * fetch() with the product's rules: bearer header when a token is stored, credentials for the base
 * API, and one refresh-and-retry on a 401 from a non-exempt path.
 */
export async function authorizedFetch(
  path: string,
  init: RequestInit = {},
  options: { api?: ApiKind; retryOnUnauthorized?: boolean } = {},
): Promise<Response> {
  const api = options.api ?? 'base'
  const send = () => {
    const headers = new Headers(init.headers)
    const token = getAccessToken()
    if (token) headers.set('authorization', `Bearer ${token}`)
    return fetch(path, { ...init, headers, credentials: api === 'base' ? 'include' : 'omit' })
  }

  const response = await send()
  const mayRetry = options.retryOnUnauthorized ?? !isRefreshExempt(path, api)
  if (response.status !== 401 || !mayRetry) return response

  const token = await refreshAccessToken()
  if (!token) {
    expireSession()
    return response
  }
  const retried = await send()
  if (retried.status === 401) expireSession()
  return retried
}

/** A JSON call to the base API (or the registration API), answering the parsed body or throwing HttpError. */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions & { api?: ApiKind } = {},
): Promise<T> {
  const { body, api, ...init } = options
  const headers = new Headers(init.headers)
  headers.set('accept', 'application/json')
  if (body !== undefined) headers.set('content-type', 'application/json')

  const response = await authorizedFetch(
    path,
    { ...init, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    { api },
  )
  if (!response.ok) throw await toHttpError(response)
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}

/**
 * A multipart/form-data POST (uploads; the browser writes the boundary), answering the parsed
 * body or throwing HttpError like apiRequest.
 */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const response = await authorizedFetch(path, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })
  if (!response.ok) throw await toHttpError(response)
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}

async function toHttpError(response: Response): Promise<HttpError> {
  const retryAfter = Number(response.headers.get('retry-after'))
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined
  const body: unknown = await response.json().catch(() => null)
  if (isErrorBody(body)) {
    return new HttpError(
      response.status,
      body.error.code,
      body.error.message,
      retryAfterSeconds,
      (body.error.details ?? []).filter(isErrorDetail),
    )
  }
  const message = `${response.status} ${response.statusText}`.trim()
  return new HttpError(response.status, 'http_error', message, retryAfterSeconds)
}

function isErrorDetail(value: unknown): value is ErrorDetail {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { path?: unknown }).path === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
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

/** The server's own explanation of a refused request (4xx), worth showing as is; else undefined. */
export const serverMessage = (error: unknown): string | undefined =>
  error instanceof HttpError && error.status < 500 ? error.message : undefined

/** Whether the server refused the request with this error code (e.g. 'stage_has_deals'). */
export const isHttpError = (error: unknown, code: string) =>
  error instanceof HttpError && error.code === code
