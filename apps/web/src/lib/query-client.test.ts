import { describe, expect, it } from 'vitest'
import { HttpError } from './api-client'
import {
  createQueryClient,
  dashboardStatsCache,
  onboardingProgressCache,
  retryOnce,
} from './query-client'

describe('query cache timings (spec §9)', () => {
  it('makes queries stale after 5 minutes and discards them after 10', () => {
    const defaults = createQueryClient().getDefaultOptions().queries
    expect(defaults?.staleTime).toBe(300_000)
    expect(defaults?.gcTime).toBe(600_000)
  })

  it('has dashboard stats go stale after 2 minutes and onboarding progress never', () => {
    expect(dashboardStatsCache.staleTime).toBe(120_000)
    expect(onboardingProgressCache.staleTime).toBe(Infinity)
  })

  it('serves a never-stale query from the cache however old it is', async () => {
    const client = createQueryClient()
    let calls = 0
    const options = { queryKey: ['progress'], queryFn: () => ++calls, ...onboardingProgressCache }
    await client.fetchQuery(options)
    client.setQueryData(['progress'], 1, { updatedAt: Date.now() - 365 * 24 * 3_600_000 })
    await client.fetchQuery(options)
    expect(calls).toBe(1)
  })
})

describe('retryOnce', () => {
  it('tries a failed query once more, but not one the server refused', () => {
    expect(retryOnce(0, new TypeError('Failed to fetch'))).toBe(true)
    expect(retryOnce(0, new HttpError(503, 'unavailable', 'Down'))).toBe(true)
    expect(retryOnce(1, new HttpError(503, 'unavailable', 'Down'))).toBe(false)
    expect(retryOnce(0, new HttpError(404, 'not_found', 'Deal not found'))).toBe(false)
    expect(retryOnce(0, new HttpError(400, 'validation_failed', 'Bad id'))).toBe(false)
    expect(retryOnce(0, new HttpError(429, 'rate_limited', 'Slow down'))).toBe(true)
  })

  it('asks once for a deal that is not there', async () => {
    const client = createQueryClient()
    let calls = 0
    await expect(
      client.fetchQuery({
        queryKey: ['deal', 'missing'],
        queryFn: () => {
          calls += 1
          throw new HttpError(404, 'not_found', 'Deal not found')
        },
        retry: client.getDefaultOptions().queries?.retry,
      }),
    ).rejects.toThrow('Deal not found')
    expect(calls).toBe(1)
  })
})
