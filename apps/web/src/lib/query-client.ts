import { QueryClient } from '@tanstack/react-query'
import { HttpError } from './api-client'

const MINUTE = 60_000

/** Spec §9: most queries go stale after 5 minutes and are discarded after 10. */
export const DEFAULT_STALE_TIME = 5 * MINUTE
export const DEFAULT_GC_TIME = 10 * MINUTE

/** Spec §9: dashboard statistics go stale sooner, after 2 minutes. Spread into their queryOptions. */
export const dashboardStatsCache = { staleTime: 2 * MINUTE } as const

/** Spec §9: onboarding progress never goes stale; it changes only through this app's own writes. */
export const onboardingProgressCache = { staleTime: Infinity } as const

/**
 * A failed query is tried once more, unless the server refused it (4xx): a deal that is not
 * there, or a request it will not take, answers the same a second later, and retrying only kept
 * a not-found page behind its placeholder for a second more. A timeout (408) or rate limit (429)
 * may pass.
 */
export function retryOnce(failureCount: number, error: unknown): boolean {
  const refused =
    error instanceof HttpError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  return !refused && failureCount < 1
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_TIME, gcTime: DEFAULT_GC_TIME, retry: retryOnce },
    },
  })
}

/**
 * For loaders whose page shows a failed query's own error state with a retry:
 * `ensureQueryData(opts).catch(leaveFailureToPage)` leaves the failure in the cache for the page
 * instead of turning it into the router's error page.
 */
export const leaveFailureToPage = (): undefined => undefined
