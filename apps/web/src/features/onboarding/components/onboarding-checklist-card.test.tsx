import type { OnboardingChecklist } from '@dealcoach/contracts/onboarding'
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
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { OnboardingChecklistCard } from './onboarding-checklist-card'

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

const CHECKLIST_URL = '/v1/app-setting/onboarding_checklist'

const checklist: OnboardingChecklist = {
  steps: [
    { key: 'product_described', done: true, computed: true, ticked: false },
    { key: 'pipeline_configured', done: false, computed: false, ticked: false },
    { key: 'objection_types_reviewed', done: true, computed: false, ticked: true },
    { key: 'crm_linked_or_data_imported', done: false, computed: false, ticked: false },
    { key: 'teammates_invited', done: false, computed: false, ticked: false },
  ],
  completed: 2,
  total: 5,
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

function stubApi(patch: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const method = init?.method ?? 'GET'
    if (urlOf(input) !== CHECKLIST_URL) {
      return Promise.reject(new Error(`unexpected ${method} ${urlOf(input)}`))
    }
    return method === 'PATCH' ? patch() : Promise.resolve(Response.json(checklist))
  })
  vi.stubGlobal('fetch', fetchMock)
  const patched = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([, init]) => JSON.parse(init?.body as string) as unknown)
  return { fetchMock, patched }
}

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
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows the progress, what each step is and where it is done', async () => {
    stubApi(() => Promise.reject(new Error('no patch expected')))
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
      '/settings/',
    )
    // Done from the data: no hand tick offered. Ticked by hand: it can be undone.
    expect(screen.getByText('Done')).toBeInTheDocument()
    expect(screen.getByText('Marked as done')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Describe your product/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Undo: Review objection types' })).toBeInTheDocument()
  })

  it('ticks a step at once, then keeps the server’s answer', async () => {
    const user = userEvent.setup()
    const answer = deferred<Response>()
    const { patched } = stubApi(() => answer.promise)
    renderChecklist()
    await user.click(
      await screen.findByRole('button', { name: 'Mark as done: Configure a pipeline' }),
    )

    // Optimistic: before the server answers.
    expect(screen.getByText('3 of 5 done')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Undo: Configure a pipeline' })).toBeInTheDocument()
    expect(patched()).toEqual([{ steps: [{ key: 'pipeline_configured', ticked: true }] }])

    const ticked = structuredClone(checklist)
    ticked.steps[1] = { key: 'pipeline_configured', done: true, computed: false, ticked: true }
    ticked.completed = 3
    answer.resolve(Response.json(ticked))
    expect(await screen.findByText('“Configure a pipeline” is marked as done.')).toBeInTheDocument()
    expect(screen.getByText('3 of 5 done')).toBeInTheDocument()
  })

  it('moves the step back and says so when the server refuses', async () => {
    const user = userEvent.setup()
    const answer = deferred<Response>()
    stubApi(() => answer.promise)
    renderChecklist()
    await user.click(await screen.findByRole('button', { name: 'Undo: Review objection types' }))
    expect(screen.getByText('1 of 5 done')).toBeInTheDocument()

    answer.resolve(
      Response.json({ error: { code: 'internal', message: 'Internal error' } }, { status: 500 }),
    )
    expect(
      await screen.findByText('The checklist could not be updated, so it is back as it was.'),
    ).toBeInTheDocument()
    expect(screen.getByText('2 of 5 done')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Undo: Review objection types' })).toBeInTheDocument()
  })

  it('shows members the checklist without hand ticks', async () => {
    stubApi(() => Promise.reject(new Error('no patch expected')))
    renderChecklist(false)
    expect(await screen.findByText('2 of 5 done')).toBeInTheDocument()
    const card = screen.getByRole('region', { name: 'Setup checklist' })
    expect(within(card).queryByRole('button')).toBeNull()
  })

  it('offers to try again when the checklist cannot be loaded', async () => {
    const user = userEvent.setup()
    let fail = true
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() =>
        Promise.resolve(
          fail
            ? Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 })
            : Response.json(checklist),
        ),
      ),
    )
    renderChecklist()
    expect(await screen.findByRole('alert')).toHaveTextContent('The checklist could not be loaded.')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('2 of 5 done')).toBeInTheDocument()
  })
})
