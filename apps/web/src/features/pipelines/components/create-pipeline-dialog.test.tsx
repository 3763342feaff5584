import '@/test-support/dom-polyfills'
import type { SalesFramework } from '@dealcoach/contracts/sales-frameworks'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '@/components/ui/toast'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { pipelineFixture } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { renderWithQuery } from '@/test-support/render-with-query'
import { CreatePipelineDialog, type CreatePipelineDialogProps } from './create-pipeline-dialog'

const framework = (key: SalesFramework['key'], name: string, stages: string[]): SalesFramework => ({
  key,
  name,
  description: `${name} in one sentence.`,
  pipeline_name: `${name} pipeline`,
  stages: stages.map((stage) => ({
    name: stage,
    actions: [{ name: `${stage} action`, description: '' }],
  })),
  objection_types: [],
})

const FRAMEWORKS = [
  framework('meddic', 'MEDDIC', ['Identify pain', 'Metrics', 'Champion']),
  framework('bant', 'BANT', ['Budget', 'Authority']),
]

function renderDialog(props: CreatePipelineDialogProps = {}) {
  const root = createRootRoute()
  const list = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <CreatePipelineDialog {...props} />,
  })
  const details = createRoute({
    getParentRoute: () => root,
    path: '/configure/pipelines/$pipelineId',
    component: () => <p>pipeline page</p>,
  })
  const router = createRouter({
    routeTree: root.addChildren([list, details]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  renderWithQuery(<RouterProvider router={router} />)
  return router
}

const postedBody = () => fakeApi.writes().find((request) => request.method === 'POST')?.body

describe('CreatePipelineDialog', () => {
  beforeEach(() => {
    vi.clearAllMocks()
    fakeApi.seed({ salesFrameworks: FRAMEWORKS })
  })

  it('creates a pipeline from a framework, previewing its stages and suggesting a name', async () => {
    const user = userEvent.setup()
    const onCreated = vi.fn()
    renderDialog({ onCreated })
    await user.click(await screen.findByRole('button', { name: 'New pipeline' }))
    const dialog = screen.getByRole('dialog', { name: 'New pipeline' })
    expect(within(dialog).getByRole('radio', { name: 'Blank pipeline' })).toBeChecked()

    const meddic = await within(dialog).findByRole('radio', { name: 'MEDDIC' })
    expect(meddic).toHaveAccessibleDescription(
      /^Qualifies complex deals on Metrics, .* and Champion\.\s*3 stages · 3 actions$/,
    )
    await user.click(meddic)
    expect(within(dialog).getByRole('textbox', { name: 'Pipeline name' })).toHaveValue(
      'MEDDIC pipeline',
    )
    const preview = within(dialog).getByRole('region', { name: 'What MEDDIC creates' })
    const stageNames = [...preview.querySelectorAll('ol > li p')].map((node) => node.textContent)
    expect(stageNames).toEqual(['Identify pain', 'Metrics', 'Champion'])
    expect(within(preview).getByText('Metrics action')).toBeVisible()

    await user.click(within(dialog).getByRole('button', { name: 'Create pipeline' }))
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledOnce())
    expect(postedBody()).toEqual({ name: 'MEDDIC pipeline', framework: 'meddic' })
    expect(notify.success).toHaveBeenCalledWith('Pipeline “MEDDIC pipeline” created.')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('starts on the default framework, and a typed name wins over the suggestion', async () => {
    const user = userEvent.setup()
    const router = renderDialog({ defaultFramework: 'bant' })
    await user.click(await screen.findByRole('button', { name: 'New pipeline' }))
    const dialog = screen.getByRole('dialog')
    expect(await within(dialog).findByRole('radio', { name: 'BANT' })).toBeChecked()
    const name = within(dialog).getByRole('textbox', { name: 'Pipeline name' })
    expect(name).toHaveValue('BANT pipeline')
    await user.clear(name)
    await user.type(name, ' Mid-market ')
    await user.click(within(dialog).getByRole('radio', { name: 'MEDDIC' }))
    expect(name).toHaveValue(' Mid-market ')
    await user.click(within(dialog).getByRole('button', { name: 'Create pipeline' }))

    // Without onCreated, it goes to the new pipeline's page.
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/configure/pipelines/${fakeApi.state.pipelines[0]?.id}`,
      ),
    )
    expect(postedBody()).toEqual({ name: 'Mid-market', framework: 'meddic' })
  })

  it('closes at once untouched, and asks before Escape drops a typed name', async () => {
    const user = userEvent.setup()
    renderDialog()
    const open = await screen.findByRole('button', { name: 'New pipeline' })
    await user.click(open)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()

    await user.click(open)
    const dialog = screen.getByRole('dialog', { name: 'New pipeline' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Pipeline name' }), 'Renewals')
    await user.keyboard('{Escape}')
    const question = screen.getByRole('dialog', { name: 'Leave without saving?' })
    await user.click(within(question).getByRole('button', { name: 'Stay on this page' }))
    expect(within(dialog).getByRole('textbox', { name: 'Pipeline name' })).toHaveValue('Renewals')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(fakeApi.writes()).toEqual([])
  })

  it('needs a name for a blank pipeline and shows the server’s refusal', async () => {
    const user = userEvent.setup()
    fakeApi.failNext('POST /v1/pipelines', {
      status: 400,
      code: 'validation_failed',
      message: 'body.name: Too big: expected string to have <=200 characters',
      details: [
        { path: 'body.name', message: 'Too big: expected string to have <=200 characters' },
      ],
    })
    renderDialog({ trigger: <button type="button">Start from scratch</button> })
    await user.click(await screen.findByRole('button', { name: 'Start from scratch' }))
    const dialog = screen.getByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Create pipeline' }))
    expect(within(dialog).getByText('Give the pipeline a name.')).toBeVisible()
    expect(postedBody()).toBeUndefined()

    await user.type(within(dialog).getByRole('textbox', { name: /Pipeline name/ }), 'Renewals')
    await user.click(within(dialog).getByRole('button', { name: 'Create pipeline' }))
    // The refusal, in the client's words, under the field it concerns; no server sentence.
    const name = within(dialog).getByRole('textbox', { name: /Pipeline name/ })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Use at most 200 characters.',
    )
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).queryByText(/Too big/)).toBeNull()
    expect(postedBody()).toEqual({ name: 'Renewals' })
    expect(notify.error).not.toHaveBeenCalled()
    await user.type(name, 'x')
    expect(name).not.toHaveAttribute('aria-invalid')
  })

  it('refuses a name another pipeline has before asking, in any case', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ salesFrameworks: FRAMEWORKS, pipelines: [pipelineFixture()] })
    renderDialog({ trigger: <button type="button">Start from scratch</button> })
    await user.click(await screen.findByRole('button', { name: 'Start from scratch' }))
    const dialog = screen.getByRole('dialog')
    const name = within(dialog).getByRole('textbox', { name: /Pipeline name/ })
    // The fixture's pipeline is called "New Business".
    await user.type(name, ' NEW BUSINESS ')
    await user.click(within(dialog).getByRole('button', { name: 'Create pipeline' }))

    expect(name).toHaveAccessibleDescription(/Another pipeline already has this name/)
    expect(postedBody()).toBeUndefined()
    // Once edited, the name is no longer marked; a name of its own is sent.
    await user.type(name, '2')
    expect(name).not.toHaveAttribute('aria-invalid')
    await user.click(within(dialog).getByRole('button', { name: 'Create pipeline' }))
    await vi.waitFor(() => expect(postedBody()).toEqual({ name: 'NEW BUSINESS 2' }))
  })
})
