import type { OnboardingChecklist } from '@dealcoach/contracts/onboarding'
import { focusManager, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import {
  invalidateOnboardingProgress,
  onboardingChecklistQueryOptions,
  useOnboardingChecklist,
} from './get-onboarding-checklist'

const CHECKLIST: OnboardingChecklist = { steps: [], completed: 2, total: 5 }

function Progress() {
  const checklist = useOnboardingChecklist()
  return <p>{checklist.data ? `${checklist.data.completed} of ${checklist.data.total}` : '…'}</p>
}

function serveChecklist() {
  const fetch = vi.fn(() => Promise.resolve(Response.json(CHECKLIST)))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

describe('onboarding progress never goes stale (spec §9)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
    focusManager.setFocused(undefined)
  })

  it('has queryOptions with staleTime Infinity', () => {
    expect(onboardingChecklistQueryOptions().staleTime).toBe(Infinity)
  })

  it('is not fetched again on remount or refocus, however much later', async () => {
    const fetch = serveChecklist()
    const queryClient = createQueryClient()
    const view = () => (
      <QueryClientProvider client={queryClient}>
        <Progress />
      </QueryClientProvider>
    )
    const first = render(view())
    expect(await screen.findByText('2 of 5')).toBeInTheDocument()
    first.unmount()

    // A day later (well past the 5-minute default), the page mounts again.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 24 * 3_600_000)
    render(view())
    expect(screen.getByText('2 of 5')).toBeInTheDocument()
    focusManager.setFocused(false)
    focusManager.setFocused(true)
    await new Promise((resolve) => setTimeout(resolve, 50))

    expect(fetch).toHaveBeenCalledTimes(1)
    expect(queryClient.getQueryState(onboardingChecklistQueryOptions().queryKey)?.fetchStatus).toBe(
      'idle',
    )
  })

  it('is fetched again once a write invalidates it', async () => {
    const fetch = serveChecklist()
    const queryClient = createQueryClient()
    render(
      <QueryClientProvider client={queryClient}>
        <Progress />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('2 of 5')).toBeInTheDocument()
    await invalidateOnboardingProgress(queryClient)
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})
