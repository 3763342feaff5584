import { focusManager, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  invalidateOnboardingProgress,
  onboardingChecklistQueryOptions,
  useOnboardingChecklist,
} from './get-onboarding-checklist'

function Progress() {
  const checklist = useOnboardingChecklist()
  return <p>{checklist.data ? `${checklist.data.completed} of ${checklist.data.total}` : '…'}</p>
}

const CHECKLIST_PATH = '/v1/app-setting/onboarding_checklist'

/** Serves a checklist with 2 of its 5 steps done; answers how often it was asked for. */
function serveChecklist() {
  fakeApi.seed({
    checklist: fakeApi.state.checklist.map((step, index) => ({ ...step, ticked: index < 2 })),
  })
  return () => fakeApi.requests().filter((request) => request.path === CHECKLIST_PATH).length
}

describe('onboarding progress never goes stale (spec §9)', () => {
  afterEach(() => {
    vi.useRealTimers()
    focusManager.setFocused(undefined)
  })

  it('has queryOptions with staleTime Infinity', () => {
    expect(onboardingChecklistQueryOptions().staleTime).toBe(Infinity)
  })

  it('is not fetched again on remount or refocus, however much later', async () => {
    const checklistRequests = serveChecklist()
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

    expect(checklistRequests()).toBe(1)
    expect(queryClient.getQueryState(onboardingChecklistQueryOptions().queryKey)?.fetchStatus).toBe(
      'idle',
    )
  })

  it('is fetched again once a write invalidates it', async () => {
    const checklistRequests = serveChecklist()
    const queryClient = createQueryClient()
    render(
      <QueryClientProvider client={queryClient}>
        <Progress />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('2 of 5')).toBeInTheDocument()
    await invalidateOnboardingProgress(queryClient)
    expect(checklistRequests()).toBe(2)
  })
})
