import { setTimeout as delay } from 'node:timers/promises'
import type { z } from 'zod'
import { hubspotAccountSchema, hubspotTokenSchema } from './hubspot-api.js'

/** What is stored (encrypted) per connection. `expiresAt` is ms since epoch; null never expires. */
export interface HubspotCredentials {
  kind: 'oauth' | 'private_app'
  accessToken: string
  refreshToken: string | null
  expiresAt: number | null
}

/** HubSpot no longer accepts the connection's credentials: the admin must connect again. */
export class HubspotAuthError extends Error {
  override name = 'HubspotAuthError'
}

/** HubSpot answered something the sync cannot use, after the retries it deserved. */
export class HubspotApiError extends Error {
  override name = 'HubspotApiError'
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

export interface HubspotClientOptions {
  baseUrl: string
  oauth: { clientId: string; clientSecret: string } | null
  /** Waits between retries; tests pass a recorder. */
  sleep?: (ms: number) => Promise<void>
  /** Tries per call when HubSpot answers 429 or 5xx. */
  maxAttempts?: number
}

const MAX_BACKOFF_MS = 30_000
/** Refresh an OAuth token this long before HubSpot says it expires. */
const REFRESH_MARGIN_MS = 60_000

/**
 * A small typed HubSpot client on `fetch`. It honours rate limits — a 429 waits for
 * Retry-After (or backs off exponentially when HubSpot's burst limit sends none), and a
 * response saying the burst window is used up waits for the window — and refreshes OAuth tokens
 * before they expire and once on a 401.
 */
export function createHubspotClient(options: HubspotClientOptions) {
  const sleep = options.sleep ?? ((ms: number) => delay(ms).then(() => undefined))
  const maxAttempts = options.maxAttempts ?? 6

  /**
   * Sleeps until the clock reads `deadline`. A timer counts from the event loop's cached time,
   * which lags the clock when the process was busy or descheduled, so one timer can end before
   * the window HubSpot measured has.
   */
  async function sleepUntil(deadline: number): Promise<void> {
    for (let left = deadline - Date.now(); left > 0; left = deadline - Date.now()) {
      await sleep(left)
    }
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let response: Response
      try {
        response = await fetch(url, init)
      } catch (error) {
        if (attempt >= maxAttempts) {
          throw new HubspotApiError(`HubSpot could not be reached: ${String(error)}`, 0)
        }
        await sleep(backoff(attempt))
        continue
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel()
        if (attempt >= maxAttempts) {
          throw new HubspotApiError(
            response.status === 429
              ? 'HubSpot kept answering 429 (rate limited); the sync will retry later.'
              : `HubSpot answered ${response.status}.`,
            response.status,
          )
        }
        await sleep(retryAfterMs(response) ?? backoff(attempt))
        continue
      }
      // The burst window is spent: wait for it rather than provoke a 429.
      if (response.headers.get('x-hubspot-ratelimit-remaining') === '0') {
        const window = Number(response.headers.get('x-hubspot-ratelimit-interval-milliseconds'))
        if (Number.isFinite(window) && window > 0) {
          await sleepUntil(Date.now() + Math.min(window, MAX_BACKOFF_MS))
        }
      }
      return response
    }
  }

  async function readJson<T>(response: Response, schema: z.ZodType<T>, what: string): Promise<T> {
    let json: unknown
    try {
      json = await response.json()
    } catch {
      throw new HubspotApiError(`HubSpot answered ${what} with something that is not JSON.`, 502)
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      throw new HubspotApiError(`HubSpot answered ${what} in an unexpected shape.`, 502)
    }
    return parsed.data
  }

  async function tokenGrant(form: Record<string, string>): Promise<HubspotCredentials> {
    if (!options.oauth) throw new HubspotAuthError('HubSpot OAuth is not configured.')
    const response = await send(`${options.baseUrl}/oauth/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...form,
        client_id: options.oauth.clientId,
        client_secret: options.oauth.clientSecret,
      }),
    })
    if (response.status === 400 || response.status === 401) {
      await response.body?.cancel()
      throw new HubspotAuthError('HubSpot refused the authorisation; connect again.')
    }
    if (!response.ok) {
      await response.body?.cancel()
      throw new HubspotApiError(`HubSpot's token endpoint answered ${response.status}.`, 502)
    }
    const token = await readJson(response, hubspotTokenSchema, 'the token request')
    return {
      kind: 'oauth',
      accessToken: token.access_token,
      refreshToken: token.refresh_token ?? form.refresh_token ?? null,
      expiresAt: Date.now() + token.expires_in * 1000,
    }
  }

  return {
    exchangeCode(code: string, redirectUri: string): Promise<HubspotCredentials> {
      return tokenGrant({ grant_type: 'authorization_code', code, redirect_uri: redirectUri })
    },

    /**
     * Calls on behalf of one connection. `onRefresh` stores new tokens before they are used, so
     * a crash after a refresh does not lose the rotated refresh token.
     */
    session(
      initial: HubspotCredentials,
      onRefresh: (credentials: HubspotCredentials) => Promise<void>,
    ) {
      let credentials = initial

      async function refresh() {
        if (credentials.kind !== 'oauth' || !credentials.refreshToken) {
          throw new HubspotAuthError('HubSpot no longer accepts the access token; connect again.')
        }
        credentials = await tokenGrant({
          grant_type: 'refresh_token',
          refresh_token: credentials.refreshToken,
        })
        await onRefresh(credentials)
      }

      async function call<T>(
        method: 'GET' | 'POST',
        path: string,
        schema: z.ZodType<T>,
        body?: unknown,
      ): Promise<T> {
        const expiring =
          credentials.expiresAt !== null && credentials.expiresAt - REFRESH_MARGIN_MS < Date.now()
        if (expiring) await refresh()
        for (let tried = 0; ; tried++) {
          const response = await send(`${options.baseUrl}${path}`, {
            method,
            headers: {
              authorization: `Bearer ${credentials.accessToken}`,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          })
          if (response.status === 401 && tried === 0 && credentials.kind === 'oauth') {
            await response.body?.cancel()
            await refresh()
            continue
          }
          if (response.status === 401 || response.status === 403) {
            await response.body?.cancel()
            throw new HubspotAuthError(
              response.status === 401
                ? 'HubSpot no longer accepts the access token; connect again.'
                : 'The HubSpot token lacks a scope the sync needs; connect again with all scopes.',
            )
          }
          if (!response.ok) {
            await response.body?.cancel()
            throw new HubspotApiError(`HubSpot answered ${response.status} to ${path}.`, 502)
          }
          return readJson(response, schema, path)
        }
      }

      return {
        get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
          return call('GET', path, schema)
        },
        post<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
          return call('POST', path, schema, body)
        },
        /** The portal behind the token: validates a token in one call. */
        account() {
          return call('GET', '/account-info/v3/details', hubspotAccountSchema)
        },
      }
    },
  }
}

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after')
  if (header === null) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_BACKOFF_MS)
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.min(Math.max(at - Date.now(), 0), MAX_BACKOFF_MS)
}

function backoff(attempt: number): number {
  return Math.min(500 * 2 ** (attempt - 1), MAX_BACKOFF_MS)
}

export type HubspotClient = ReturnType<typeof createHubspotClient>
export type HubspotSession = ReturnType<HubspotClient['session']>
