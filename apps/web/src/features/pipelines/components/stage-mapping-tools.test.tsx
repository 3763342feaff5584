import '@/test-support/dom-polyfills'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { notify } from '@/components/ui/toast'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  ACTION,
  PIPELINE_ID,
  pipelineFixture,
  STAGE,
} from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { renderWithQuery } from '@/test-support/render-with-query'
import { PipelineDetails } from './pipeline-details'

function renderDetails(canEdit: boolean, pipeline = pipelineFixture()) {
  fakeApi.seed({ pipelines: [pipeline] })
  const root = createRootRoute()
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <PipelineDetails pipelineId={PIPELINE_ID} canEdit={canEdit} />,
  })
  const list = createRoute({
    getParentRoute: () => root,
    path: '/configure/pipelines/',
    component: () => <p>All pipelines</p>,
  })
  const router = createRouter({
    routeTree: root.addChildren([page, list]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  renderWithQuery(<RouterProvider router={router} />)
  return router
}

async function choose(dialog: HTMLElement, action: string, stage: string) {
  const user = userEvent.setup()
  await user.click(within(dialog).getByRole('combobox', { name: action }))
  await user.click(await screen.findByRole('option', { name: stage }))
}

describe('Assigning actions to stages (PUT stage-actions)', () => {
  it('sends every stage with its actions in order, and shows them where they now are', async () => {
    const user = userEvent.setup()
    renderDetails(true)
    await user.click(await screen.findByRole('button', { name: 'Assign actions to stages' }))
    const dialog = screen.getByRole('dialog', { name: 'Assign actions to stages' })
    expect(within(dialog).getByRole('combobox', { name: 'Confirm budget' })).toHaveTextContent(
      'Discovery',
    )
    await choose(dialog, 'Confirm budget', 'Demo')
    await choose(dialog, 'Find a champion', 'No stage')
    await user.click(within(dialog).getByRole('button', { name: 'Save assignments' }))

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fakeApi.writes()).toEqual([
      {
        method: 'PUT',
        url: `/v1/pipelines/${PIPELINE_ID}/stage-actions`,
        body: [
          { stage_id: STAGE.discovery, action_ids: [ACTION.pain] },
          // The action that stays keeps its place; the one that moves in comes after it.
          { stage_id: STAGE.demo, action_ids: [ACTION.tailor, ACTION.budget] },
          { stage_id: STAGE.proposal, action_ids: [] },
        ],
      },
    ])
    expect(notify.success).toHaveBeenCalledWith('Actions assigned to their stages.')
    const stageless = await screen.findByRole('region', { name: 'Actions without a stage' })
    expect(within(stageless).getByText('Find a champion')).toBeInTheDocument()
  })

  it('asks before unsaved choices are lost, and sends nothing when cancelled', async () => {
    const user = userEvent.setup()
    const router = renderDetails(true)
    await user.click(await screen.findByRole('button', { name: 'Assign actions to stages' }))
    await choose(screen.getByRole('dialog'), 'Find the pain', 'Proposal')

    void router.navigate({ to: '/configure/pipelines/' })
    const prompt = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    await user.click(within(prompt).getByRole('button', { name: 'Stay on this page' }))
    expect(router.state.location.pathname).toBe('/')
    await user.click(
      within(screen.getByRole('dialog', { name: 'Assign actions to stages' })).getByRole('button', {
        name: 'Cancel',
      }),
    )
    // Cancel asks too, in the same words.
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }))
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fakeApi.writes()).toEqual([])
  })

  it('says why in the dialog when the server refuses', async () => {
    const user = userEvent.setup()
    renderDetails(true)
    fakeApi.failNext('PUT /v1/pipelines/:id/stage-actions', {
      status: 403,
      code: 'forbidden',
      message: 'Admins only',
    })
    await user.click(await screen.findByRole('button', { name: 'Assign actions to stages' }))
    const dialog = screen.getByRole('dialog', { name: 'Assign actions to stages' })
    await choose(dialog, 'Find the pain', 'Demo')
    await user.click(within(dialog).getByRole('button', { name: 'Save assignments' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You are not allowed to do this.',
    )
  })
})

describe('CRM stage ids (PUT remote-stage-lookup)', () => {
  it('sends the changed ids, shows a taken one under its stage, and shows the links after', async () => {
    const user = userEvent.setup()
    renderDetails(true)
    await user.click(await screen.findByRole('button', { name: 'CRM stage ids' }))
    const dialog = screen.getByRole('dialog', { name: 'CRM stage ids' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Discovery' }), 'appointment')
    await user.type(within(dialog).getByRole('textbox', { name: 'Demo' }), 'appointment')
    await user.click(within(dialog).getByRole('button', { name: 'Save CRM ids' }))

    const demo = within(dialog).getByRole('textbox', { name: /Demo/ })
    await vi.waitFor(() => expect(demo).toHaveAccessibleDescription(/already has this CRM id/))
    await user.clear(demo)
    await user.type(demo, ' qualified ')
    await user.click(within(dialog).getByRole('button', { name: 'Save CRM ids' }))

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fakeApi.writes().at(-1)).toEqual({
      method: 'PUT',
      url: `/v1/pipelines/${PIPELINE_ID}/remote-stage-lookup`,
      body: [
        { stage_id: STAGE.discovery, remote_stage_id: 'appointment' },
        { stage_id: STAGE.demo, remote_stage_id: 'qualified' },
      ],
    })
    expect(notify.success).toHaveBeenCalledWith('CRM stage ids saved.')
    expect(await screen.findByText('qualified')).toBeInTheDocument()
  })

  it('unlinks a stage whose id is cleared', async () => {
    const user = userEvent.setup()
    const linked = pipelineFixture()
    linked.stages = linked.stages.map((stage) => ({ ...stage, remote_stage_id: stage.name }))
    renderDetails(true, linked)
    await user.click(await screen.findByRole('button', { name: 'CRM stage ids' }))
    const dialog = screen.getByRole('dialog', { name: 'CRM stage ids' })
    await user.clear(within(dialog).getByRole('textbox', { name: 'Demo' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save CRM ids' }))
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fakeApi.writes()).toEqual([
      {
        method: 'PUT',
        url: `/v1/pipelines/${PIPELINE_ID}/remote-stage-lookup`,
        body: [{ stage_id: STAGE.demo, remote_stage_id: null }],
      },
    ])
  })
})

describe('Members', () => {
  it('see each stage’s actions and CRM id, with no way to change them', async () => {
    const linked = pipelineFixture()
    linked.stages = linked.stages.map((stage, index) => ({
      ...stage,
      remote_stage_id: index === 0 ? 'appointmentscheduled' : null,
    }))
    renderDetails(false, linked)
    expect(await screen.findByText('appointmentscheduled')).toBeInTheDocument()
    expect(screen.getAllByText('CRM stage id:')).toHaveLength(1)
    expect(screen.getByText('Tailor the demo')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Assign actions to stages' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'CRM stage ids' })).toBeNull()
  })
})
