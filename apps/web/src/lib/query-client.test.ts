import { describe, expect, it } from 'vitest'
import { createQueryClient, dashboardStatsCache, onboardingProgressCache } from './query-client'

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
