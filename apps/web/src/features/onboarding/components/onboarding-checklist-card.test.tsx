import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import type { ChecklistStepState } from '@/test-support/fake-api/fake-api-state'
import { OnboardingChecklistCard } from './onboarding-checklist-card'

const CHECKLIST = 'PATCH /v1/app-setting/onboarding_checklist' as const
/**
 * The two tests that hold the server's answer wait on the optimistic tick, the request and the
 * toast in turn: alone they take under a second, but in CI's full run (every project at once on
 * two cores) they took 14–17 s, over the suite's 15 s.
 */
const HELD_ANSWER_TIMEOUT = 30_000

/** Two steps done: the product from the data, the objection types ticked by hand. */
const steps: ChecklistStepState[] = [
  { key: 'product_described', computed: true, ticked: false },
  { key: 'pipeline_configured', computed: false, ticked: false },
  { key: 'objection_types_reviewed', computed: false, ticked: true },
  { key: 'crm_linked_or_data_imported', computed: false, ticked: false },
  { key: 'teammates_invited', computed: false, ticked: false },
]

const patched = () =>
  fakeApi
    .writes()
    .filter((request) => request.method === 'PATCH')
    .map((request) => request.body)

function renderChecklist(canEdit = true) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const root = createRootRoute({ component: Outlet })
  const page = createRoute({
    getParentRoute: () => root,
    path: '/onboarding/',
    component: () => (
      <>
        <OnboardingChecklistCard canEdit={canEdit} />
        <Toaster />
      </>
    ),
  })
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/onboarding/'] }),
    trailingSlash: 'always',
  })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return queryClient
}

describe('OnboardingChecklistCard', () => {
  it('shows the progress, what each step is and where it is done', async () => {
    fakeApi.seed({ checklist: steps })
    renderChecklist()
    expect(await screen.findByText('2 of 5 done')).toBeInTheDocument()
    const bar = screen.getByRole('progressbar', { name: 'Setup checklist' })
    expect(bar).toHaveAttribute('aria-valuenow', '2')
    expect(bar).toHaveAttribute('aria-valuemax', '5')
    expect(bar).toHaveAttribute('aria-valuetext', '2 of 5 done')

    expect(screen.getByRole('link', { name: 'Go to Product' })).toHaveAttribute(
      'href',
      '/configure/product/',
    )
    expect(screen.getByRole('link', { name: 'Go to Pipelines' })).toHaveAttribute(
      'href',
      '/configure/pipelines/',
    )
    expect(screen.getByRole('link', { name: 'Go to Objection types' })).toHaveAttribute(
      'href',
      '/configure/objections/',
    )
    expect(screen.getByRole('link', { name: 'Go to CRM' })).toHaveAttribute(
      'href',
      '/onboarding/#crm',
    )
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute(
      'href',
      '/settings/?tab=team',
    )
    // Done from the data: no hand tick offered. Ticked by hand: it can be undone.
    expect(screen.getByText('Done')).toBeInTheDocument()
    expect(screen.getByText('Marked as done')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Describe your product/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Undo: Review objection types' })).toBeInTheDocument()
  })

  it(
    'ticks a step at once, then keeps the server’s answer',
    async () => {
      const user = userEvent.setup()
      fakeApi.seed({ checklist: steps })
      const answer = fakeApi.holdNext(CHECKLIST)
      renderChecklist()
      await user.click(
        await screen.findByRole('button', { name: 'Mark as done: Configure a pipeline' }),
      )

      // Optimistic: before the server answers.
      expect(screen.getByText('3 of 5 done')).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Undo: Configure a pipeline' })).toBeInTheDocument()
      await vi.waitFor(() =>
        expect(patched()).toEqual([{ steps: [{ key: 'pipeline_configured', ticked: true }] }]),
      )

      answer.release()
      expect(
        await screen.findByText('“Configure a pipeline” is marked as done.'),
      ).toBeInTheDocument()
      expect(screen.getByText('3 of 5 done')).toBeInTheDocument()
    },
    HELD_ANSWER_TIMEOUT,
  )

  it(
    'moves the step back and says so when the server refuses',
    async () => {
      const user = userEvent.setup()
      fakeApi.seed({ checklist: steps })
      const answer = fakeApi.holdNext(CHECKLIST)
      fakeApi.failNext(CHECKLIST, { status: 500, code: 'internal', message: 'Internal error' })
      renderChecklist()
      await user.click(await screen.findByRole('button', { name: 'Undo: Review objection types' }))
      expect(screen.getByText('1 of 5 done')).toBeInTheDocument()

      answer.release()
      expect(
        await screen.findByText('The checklist could not be updated, so it is back as it was.'),
      ).toBeInTheDocument()
      expect(screen.getByText('2 of 5 done')).toBeInTheDocument()
      expect(
        screen.getByRole('button', { name: 'Undo: Review objection types' }),
      ).toBeInTheDocument()
    },
    HELD_ANSWER_TIMEOUT,
  )

  it('shows members the checklist without hand ticks', async () => {
    fakeApi.seed({ checklist: steps })
    renderChecklist(false)
    expect(await screen.findByText('2 of 5 done')).toBeInTheDocument()
    const card = screen.getByRole('region', { name: 'Setup checklist' })
    expect(within(card).queryByRole('button')).toBeNull()
  })

  it('offers to try again when the checklist cannot be loaded', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ checklist: steps })
    fakeApi.failNext('GET /v1/app-setting/onboarding_checklist', {
      status: 500,
      code: 'internal',
      message: 'x',
    })
    renderChecklist()
    expect(await screen.findByRole('alert')).toHaveTextContent('The checklist could not be loaded.')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('2 of 5 done')).toBeInTheDocument()
  })
})
