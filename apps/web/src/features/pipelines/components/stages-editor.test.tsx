import '@/test-support/dom-polyfills'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '@/components/ui/toast'
import { ONBOARDING_CHECKLIST_QUERY_KEY } from '@/entities/onboarding/api/get-onboarding-checklist'
import { pipelineQueryOptions, usePipeline } from '@/entities/pipeline/api/get-pipeline'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  PIPELINE_ID,
  pipelineFixture,
  STAGE,
} from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { dealFixture } from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { StagesEditor } from './stages-editor'

function renderEditor({ canEdit = true } = {}) {
  const pipeline = pipelineFixture()
  fakeApi.seed({ pipelines: [pipeline] })
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  })
  client.setQueryData(pipelineQueryOptions(pipeline.id).queryKey, pipeline)
  client.setQueryData(ONBOARDING_CHECKLIST_QUERY_KEY, { steps: [] })
  function Harness() {
    const { data } = usePipeline(pipeline.id)
    return data ? <StagesEditor pipeline={data} canEdit={canEdit} /> : null
  }
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  )
  return { client }
}

// Hidden included: an open dialog hides the page behind it from the accessibility tree.
const stageNames = () =>
  screen
    .getAllByRole('textbox', { name: /^Name of stage/, hidden: true })
    .map((input) => (input as HTMLInputElement).value)

const stageItems = () =>
  screen.getAllByRole('listitem').filter((item) => item.dataset.slot === 'stage')

describe('StagesEditor', () => {
  beforeEach(() => vi.clearAllMocks())

  it('renames a stage in place and sends the whole ordered list', async () => {
    const user = userEvent.setup()
    const { client } = renderEditor()
    const name = screen.getByRole('textbox', { name: 'Name of stage 2' })
    await user.clear(name)
    await user.type(name, '  Live demo {Enter}')

    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Stage renamed to “Live demo”.'),
    )
    expect(fakeApi.writes()).toEqual([
      {
        method: 'PUT',
        url: `/v1/pipelines/${PIPELINE_ID}/stages`,
        body: [
          { stage_id: STAGE.discovery, name: 'Discovery' },
          { stage_id: STAGE.demo, name: 'Live demo' },
          { stage_id: STAGE.proposal, name: 'Proposal' },
        ],
      },
    ])
    expect(name).toHaveValue('Live demo')
    // The lists and the onboarding checklist are refreshed after the write.
    expect(client.getQueryState(ONBOARDING_CHECKLIST_QUERY_KEY)?.isInvalidated).toBe(true)
  })

  it('does not save a blank name, and Escape puts the old one back', async () => {
    const user = userEvent.setup()
    renderEditor()
    const name = screen.getByRole('textbox', { name: 'Name of stage 1' })
    await user.clear(name)
    await user.keyboard('{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name for the stage.')
    await user.keyboard('{Escape}')
    expect(name).toHaveValue('Discovery')
    expect(fakeApi.writes()).toEqual([])
  })

  it('appends a new stage, shown before the server answers', async () => {
    const user = userEvent.setup()
    renderEditor()
    await user.type(screen.getByRole('textbox', { name: 'New stage' }), 'Negotiation')
    await user.click(screen.getByRole('button', { name: 'Add stage' }))

    expect(stageNames()).toEqual(['Discovery', 'Demo', 'Proposal', 'Negotiation'])
    expect(screen.getByRole('textbox', { name: 'New stage' })).toHaveValue('')
    await vi.waitFor(() => expect(fakeApi.writes()).toHaveLength(1))
    expect(fakeApi.writes()[0]?.body).toEqual([
      { stage_id: STAGE.discovery, name: 'Discovery' },
      { stage_id: STAGE.demo, name: 'Demo' },
      { stage_id: STAGE.proposal, name: 'Proposal' },
      { name: 'Negotiation' },
    ])
    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Stage “Negotiation” added.'),
    )
  })

  it('reorders from the keyboard and keeps the focus on the button pressed', async () => {
    const user = userEvent.setup()
    renderEditor()
    const down = screen.getByRole('button', { name: 'Move stage “Discovery” down' })
    down.focus()
    await user.keyboard('{Enter}')

    expect(stageNames()).toEqual(['Demo', 'Discovery', 'Proposal'])
    await vi.waitFor(() => expect(fakeApi.writes()).toHaveLength(1))
    expect(fakeApi.writes()[0]?.body).toEqual([
      { stage_id: STAGE.demo, name: 'Demo' },
      { stage_id: STAGE.discovery, name: 'Discovery' },
      { stage_id: STAGE.proposal, name: 'Proposal' },
    ])
    expect(screen.getByRole('button', { name: 'Move stage “Discovery” down' })).toHaveFocus()
    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('“Discovery” is now stage 2.'),
    )

    // Two quick presses are sent one after the other, each built on the previous answer.
    await user.keyboard('{Enter}')
    await user.keyboard('{Enter}')
    await vi.waitFor(() => expect(fakeApi.writes()).toHaveLength(2))
    expect(stageNames()).toEqual(['Demo', 'Proposal', 'Discovery'])
    // The second press found Discovery last already: its button says so and does nothing.
    expect(screen.getByRole('button', { name: 'Move stage “Discovery” down' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  })

  it('reorders by dragging a stage onto another', async () => {
    renderEditor()
    const dataTransfer = {
      setData: vi.fn(),
      setDragImage: vi.fn(),
      effectAllowed: '',
      dropEffect: '',
    }
    const handle = stageItems()[2]?.querySelector('[data-slot="stage-drag-handle"]')
    if (!handle) throw new Error('no drag handle')
    fireEvent.dragStart(handle, { dataTransfer })
    fireEvent.dragOver(stageItems()[0] as HTMLElement, { dataTransfer })
    fireEvent.drop(stageItems()[0] as HTMLElement, { dataTransfer })
    fireEvent.dragEnd(handle, { dataTransfer })

    await vi.waitFor(() => expect(stageNames()).toEqual(['Proposal', 'Discovery', 'Demo']))
    await vi.waitFor(() => expect(fakeApi.writes()).toHaveLength(1))
    expect(fakeApi.writes()[0]?.body).toEqual([
      { stage_id: STAGE.proposal, name: 'Proposal' },
      { stage_id: STAGE.discovery, name: 'Discovery' },
      { stage_id: STAGE.demo, name: 'Demo' },
    ])
  })

  it('undoes the change and says so when the server refuses it', async () => {
    const user = userEvent.setup()
    renderEditor()
    const answer = fakeApi.holdNext('PUT /v1/pipelines/:id/stages')
    fakeApi.failNext('PUT /v1/pipelines/:id/stages', {
      status: 500,
      code: 'internal_error',
      message: 'Something went wrong',
    })
    await user.click(screen.getByRole('button', { name: 'Move stage “Proposal” up' }))

    expect(stageNames()).toEqual(['Discovery', 'Proposal', 'Demo'])
    await vi.waitFor(() => expect(fakeApi.writes()).toHaveLength(1))
    answer.release()

    await vi.waitFor(() => expect(stageNames()).toEqual(['Discovery', 'Demo', 'Proposal']))
    expect(notify.error).toHaveBeenCalledWith(
      'The stages could not be saved, so the change was undone.',
    )
    expect(notify.success).not.toHaveBeenCalled()
  })

  it('removes a stage after confirmation, asking where its deals go when the server says it has some', async () => {
    const user = userEvent.setup()
    renderEditor()
    fakeApi.failNext('PUT /v1/pipelines/:id/stages', {
      status: 409,
      code: 'stage_has_deals',
      message: 'Stage "Demo" still has 3 deals. Say where to move them (move_deals_to).',
      details: [
        {
          path: `body.move_deals_to.${STAGE.demo}`,
          message: 'Stage "Demo" still has 3 deals',
          code: 'stage_has_deals',
          params: { stage_name: 'Demo', deal_count: 3 },
        },
      ],
    })
    await user.click(screen.getByRole('button', { name: 'Remove stage “Demo”' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove stage “Demo”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove stage' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '“Demo” still has 3 deals. Choose the stage that receives them.',
    )
    // The refused removal was undone behind the dialog.
    expect(stageNames()).toEqual(['Discovery', 'Demo', 'Proposal'])
    expect(fakeApi.writes()[0]?.body).toEqual([
      { stage_id: STAGE.discovery, name: 'Discovery' },
      { stage_id: STAGE.proposal, name: 'Proposal' },
    ])

    await user.click(within(dialog).getByRole('button', { name: 'Move deals and remove' }))
    expect(within(dialog).getByText('Choose the stage that receives its deals.')).toBeVisible()
    await user.click(within(dialog).getByRole('combobox', { name: /Move its deals to/ }))
    await user.click(screen.getByRole('option', { name: 'Proposal' }))
    await user.click(within(dialog).getByRole('button', { name: 'Move deals and remove' }))

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fakeApi.writes()[1]?.body).toEqual({
      stages: [
        { stage_id: STAGE.discovery, name: 'Discovery' },
        { stage_id: STAGE.proposal, name: 'Proposal' },
      ],
      move_deals_to: { [STAGE.demo]: STAGE.proposal },
    })
    expect(stageNames()).toEqual(['Discovery', 'Proposal'])
    expect(notify.success).toHaveBeenCalledWith('Stage “Demo” removed.')
  })

  it('asks where a stage’s deals go before sending its removal, when it knows it has some', async () => {
    const user = userEvent.setup()
    renderEditor()
    const inDemo = (id: string) => dealFixture({ id, stage_id: STAGE.demo })
    fakeApi.seed({
      dealsArea: {
        ...initialDealsArea(),
        deals: [
          inDemo('00000000-0000-4000-8000-00000000d001'),
          inDemo('00000000-0000-4000-8000-00000000d002'),
        ],
      },
    })
    await user.click(screen.getByRole('button', { name: 'Remove stage “Demo”' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove stage “Demo”?' })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '“Demo” still has 2 deals. Choose the stage that receives them.',
    )
    await user.click(within(dialog).getByRole('combobox', { name: /Move its deals to/ }))
    await user.click(screen.getByRole('option', { name: 'Proposal' }))
    await user.click(within(dialog).getByRole('button', { name: 'Move deals and remove' }))

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // One PUT, with the choice: no 409 first.
    expect(fakeApi.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        body: {
          stages: [
            { stage_id: STAGE.discovery, name: 'Discovery' },
            { stage_id: STAGE.proposal, name: 'Proposal' },
          ],
          move_deals_to: { [STAGE.demo]: STAGE.proposal },
        },
      }),
    ])
    expect(notify.success).toHaveBeenCalledWith('Stage “Demo” removed.')
  })

  it('shows members the stages and actions without any editing control', () => {
    renderEditor({ canEdit: false })
    expect(screen.getByRole('heading', { level: 3, name: /^Stage 2:\s*Demo$/ })).toBeInTheDocument()
    expect(screen.getByText('Tailor the demo')).toBeInTheDocument()
    expect(screen.queryAllByRole('textbox')).toEqual([])
    expect(screen.queryAllByRole('button')).toEqual([])
  })
})
