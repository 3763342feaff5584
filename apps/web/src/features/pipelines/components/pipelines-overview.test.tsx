import '@/test-support/dom-polyfills'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '@/components/ui/toast'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { pipelineFixture } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { PipelinesOverview } from './pipelines-overview'

const OTHER_ID = '00000000-0000-4000-8000-000000000002'

function renderOverview(canEdit = true) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  })
  const root = createRootRoute({ component: () => <PipelinesOverview canEdit={canEdit} /> })
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

const twoPipelines = () => [
  pipelineFixture(),
  pipelineFixture({ id: OTHER_ID, name: 'Renewals', active: false, stages: [], actions: [] }),
]

describe('PipelinesOverview', () => {
  beforeEach(() => vi.clearAllMocks())

  it('lists the pipelines with their size and a link to each', async () => {
    fakeApi.seed({ pipelines: twoPipelines() })
    renderOverview()
    const link = await screen.findByRole('link', { name: 'New Business' })
    expect(link).toHaveAttribute('href', `/configure/pipelines/${pipelineFixture().id}`)
    expect(link.closest('li')).toHaveTextContent('3 stages · 4 actions')
    expect(screen.getByRole('link', { name: 'Renewals' }).closest('li')).toHaveTextContent(
      '0 stages · 0 actions',
    )
    expect(screen.getByRole('switch', { name: 'Active: New Business' })).toBeChecked()
    expect(screen.getByRole('switch', { name: 'Active: Renewals' })).not.toBeChecked()
  })

  it('switches a pipeline at once and switches it back when the server refuses', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ pipelines: twoPipelines() })
    const answer = fakeApi.holdNext('PUT /v1/pipelines/:id/toggle')
    fakeApi.failNext('PUT /v1/pipelines/:id/toggle', {
      status: 500,
      code: 'internal_error',
      message: 'Something went wrong',
    })
    renderOverview()
    const toggle = await screen.findByRole('switch', { name: 'Active: Renewals' })
    await user.click(toggle)

    expect(toggle).toBeChecked()
    await vi.waitFor(() =>
      expect(fakeApi.requests()).toContainEqual(
        expect.objectContaining({ method: 'PUT', url: `/v1/pipelines/${OTHER_ID}/toggle` }),
      ),
    )
    answer.release()
    await vi.waitFor(() => expect(toggle).not.toBeChecked())
    expect(notify.error).toHaveBeenCalledWith('“Renewals” could not be switched. Try again.')
  })

  it('says a switched-off pipeline’s deals are hidden, and switches it back on Undo', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ pipelines: twoPipelines() })
    renderOverview()
    const toggle = await screen.findByRole('switch', { name: 'Active: New Business' })
    await user.click(toggle)

    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        '“New Business” is inactive: its deals are hidden until it is switched on again.',
        { action: { label: 'Undo', onClick: expect.any(Function) as () => void } },
      ),
    )
    expect(toggle).not.toBeChecked()
    const options = vi.mocked(notify.success).mock.calls[0]?.[1] as unknown as {
      action: { onClick: () => void }
    }
    options.action.onClick()
    await vi.waitFor(() => expect(toggle).toBeChecked())
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith('“New Business” is active.'))
  })

  it('confirms a deletion and shows why a pipeline with deals cannot go', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ pipelines: twoPipelines() })
    const answer = fakeApi.holdNext('DELETE /v1/pipelines/:id')
    fakeApi.failNext('DELETE /v1/pipelines/:id', {
      status: 409,
      code: 'pipeline_has_deals',
      message: 'Pipeline "Renewals" still has 12 deals. Deactivate it instead.',
      details: [
        {
          path: 'params.id',
          message: 'Pipeline "Renewals" still has 12 deals',
          code: 'pipeline_has_deals',
          params: { pipeline_name: 'Renewals', deal_count: 12 },
        },
      ],
    })
    renderOverview()
    await user.click(await screen.findByRole('button', { name: 'Delete pipeline “Renewals”' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete “Renewals”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete pipeline' }))

    // The row goes at once; the dialog waits for the server.
    await vi.waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Renewals', hidden: true })).toBeNull(),
    )
    expect(within(dialog).getByRole('button', { name: 'Deleting…' })).toBeDisabled()
    answer.release()

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This pipeline still has 12 deals. Deactivate it instead: that hides it and keeps its deals.',
    )
    expect(within(dialog).queryByRole('button', { name: 'Delete pipeline' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Renewals', hidden: true })).toBeInTheDocument()
  })

  it('deletes a pipeline and moves the focus to the remaining list', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ pipelines: twoPipelines() })
    renderOverview()
    await user.click(await screen.findByRole('button', { name: 'Delete pipeline “Renewals”' }))
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete pipeline' }),
    )

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(notify.success).toHaveBeenCalledWith('Pipeline “Renewals” deleted.')
    expect(screen.queryByRole('link', { name: 'Renewals' })).toBeNull()
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'New Business' })).toHaveFocus())
  })

  it('shows the empty state, whose button opens the new pipeline dialog', async () => {
    const user = userEvent.setup()
    renderOverview()
    expect(await screen.findByRole('heading', { name: 'No pipelines yet' })).toBeVisible()
    const buttons = screen.getAllByRole('button', { name: 'New pipeline' })
    await user.click(buttons.at(-1) as HTMLElement)
    expect(screen.getByRole('dialog', { name: 'New pipeline' })).toBeVisible()
  })

  it('shows members the list read-only', async () => {
    fakeApi.seed({ pipelines: twoPipelines() })
    renderOverview(false)
    expect(await screen.findByRole('switch', { name: 'Active: New Business' })).toBeDisabled()
    expect(screen.getByText(/Only admins can change pipelines/)).toBeVisible()
    expect(screen.queryByRole('button')).toBeNull()
  })
})
