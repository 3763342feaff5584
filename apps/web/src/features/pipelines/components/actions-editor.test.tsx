import '@/test-support/dom-polyfills'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '@/components/ui/toast'
import { pipelineQueryOptions, usePipeline } from '@/entities/pipeline/api/get-pipeline'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  ACTION,
  PIPELINE_ID,
  pipelineFixture,
  STAGE,
} from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { StagesEditor } from './stages-editor'

function renderEditor() {
  const pipeline = pipelineFixture()
  fakeApi.seed({ pipelines: [pipeline] })
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  })
  client.setQueryData(pipelineQueryOptions(pipeline.id).queryKey, pipeline)
  function Harness() {
    const { data } = usePipeline(pipeline.id)
    return data ? <StagesEditor pipeline={data} canEdit /> : null
  }
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  )
}

/** The stage's list item, found by the value of its name field. */
const stage = (name: string) => {
  const item = screen
    .getAllByRole('listitem', { hidden: true })
    .find(
      (candidate) =>
        candidate.dataset.slot === 'stage' &&
        candidate.querySelector<HTMLInputElement>('input')?.value === name,
    )
  if (!item) throw new Error(`no stage ${name}`)
  return item
}

const actionNames = (stageName: string) =>
  [...stage(stageName).querySelectorAll('ol li p:first-child')].map((node) => node.textContent)

/** The body sent for an action: every action of the pipeline, in stage order. */
const unchanged = (id: string) => {
  const action = pipelineFixture().actions.find((candidate) => candidate.action_id === id)
  if (!action) throw new Error(`no action ${id}`)
  return {
    action_id: id,
    stage_id: action.stage_id,
    name: action.name,
    description: action.description,
  }
}

describe('ActionsEditor', () => {
  beforeEach(() => vi.clearAllMocks())

  it('adds an action to a stage and sends the full list', async () => {
    const user = userEvent.setup()
    renderEditor()
    await user.click(within(stage('Demo')).getByRole('button', { name: 'Add action' }))
    const dialog = screen.getByRole('dialog', { name: 'New playbook action' })
    expect(within(dialog).getByRole('combobox', { name: 'Stage' })).toHaveTextContent('Demo')
    await user.click(within(dialog).getByRole('button', { name: 'Add action' }))
    expect(within(dialog).getByText('Say what the rep should do.')).toBeVisible()

    await user.type(within(dialog).getByRole('textbox', { name: 'Action' }), ' Agree next steps ')
    await user.type(within(dialog).getByRole('textbox', { name: 'Why it matters' }), 'Dates agreed')
    await user.click(within(dialog).getByRole('button', { name: 'Add action' }))

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fakeApi.writes()).toEqual([
      {
        method: 'PUT',
        url: `/v1/pipelines/${PIPELINE_ID}/actions`,
        body: [
          unchanged(ACTION.pain),
          unchanged(ACTION.budget),
          unchanged(ACTION.champion),
          unchanged(ACTION.tailor),
          { stage_id: STAGE.demo, name: 'Agree next steps', description: 'Dates agreed' },
        ],
      },
    ])
    expect(actionNames('Demo')).toEqual(['Tailor the demo', 'Agree next steps'])
    expect(notify.success).toHaveBeenCalledWith('Action “Agree next steps” added.')
  })

  it('edits an action by its id, in place', async () => {
    const user = userEvent.setup()
    renderEditor()
    await user.click(screen.getByRole('button', { name: 'Edit action “Confirm budget”' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit “Confirm budget”' })
    const name = within(dialog).getByRole('textbox', { name: 'Action' })
    expect(name).toHaveValue('Confirm budget')
    await user.clear(name)
    await user.type(name, 'Confirm the budget holder')
    await user.click(within(dialog).getByRole('button', { name: 'Save action' }))

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fakeApi.writes()[0]?.body).toEqual([
      unchanged(ACTION.pain),
      { ...unchanged(ACTION.budget), name: 'Confirm the budget holder' },
      unchanged(ACTION.champion),
      unchanged(ACTION.tailor),
    ])
    expect(actionNames('Discovery')).toEqual([
      'Find the pain',
      'Confirm the budget holder',
      'Find a champion',
    ])
  })

  it('reorders within a stage with the move buttons', async () => {
    const user = userEvent.setup()
    renderEditor()
    const up = screen.getByRole('button', { name: 'Move action “Find a champion” up' })
    await user.click(up)
    await vi.waitFor(() => expect(fakeApi.writes()).toHaveLength(1))
    expect(fakeApi.writes()[0]?.body).toEqual([
      unchanged(ACTION.pain),
      unchanged(ACTION.champion),
      unchanged(ACTION.budget),
      unchanged(ACTION.tailor),
    ])
    expect(actionNames('Discovery')).toEqual(['Find the pain', 'Find a champion', 'Confirm budget'])
    expect(screen.getByRole('button', { name: 'Move action “Find a champion” up' })).toHaveFocus()
    // The first action of a stage cannot go further up.
    expect(screen.getByRole('button', { name: 'Move action “Find the pain” up' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  })

  it('deletes an action after confirmation by leaving it out of the list', async () => {
    const user = userEvent.setup()
    renderEditor()
    await user.click(screen.getByRole('button', { name: 'Delete action “Confirm budget”' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete action “Confirm budget”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete action' }))

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fakeApi.writes()[0]?.body).toEqual([
      unchanged(ACTION.pain),
      unchanged(ACTION.champion),
      unchanged(ACTION.tailor),
    ])
    expect(actionNames('Discovery')).toEqual(['Find the pain', 'Find a champion'])
    expect(notify.success).toHaveBeenCalledWith('Action “Confirm budget” deleted.')
  })

  it('refuses a name another action of the pipeline has (trimmed, any case) before asking', async () => {
    const user = userEvent.setup()
    renderEditor()
    // "Find the pain" belongs to another stage: names are unique in the whole pipeline.
    await user.click(within(stage('Demo')).getByRole('button', { name: 'Add action' }))
    const dialog = screen.getByRole('dialog', { name: 'New playbook action' })
    const name = within(dialog).getByRole('textbox', { name: 'Action' })
    await user.type(name, '  FIND THE PAIN ')
    await user.click(within(dialog).getByRole('button', { name: 'Add action' }))

    expect(
      within(dialog).getByText('Another action of this pipeline already has this name.'),
    ).toBeVisible()
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(fakeApi.writes()).toEqual([])

    await user.type(name, 'ful point')
    await user.click(within(dialog).getByRole('button', { name: 'Add action' }))
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fakeApi.writes()).toHaveLength(1)
  })

  it('lets an action keep its own name, in another case', async () => {
    const user = userEvent.setup()
    renderEditor()
    await user.click(screen.getByRole('button', { name: 'Edit action “Confirm budget”' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit “Confirm budget”' })
    const name = within(dialog).getByRole('textbox', { name: 'Action' })
    await user.clear(name)
    await user.type(name, 'confirm Budget')
    await user.click(within(dialog).getByRole('button', { name: 'Save action' }))

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fakeApi.writes()[0]?.body).toEqual([
      unchanged(ACTION.pain),
      { ...unchanged(ACTION.budget), name: 'confirm Budget' },
      unchanged(ACTION.champion),
      unchanged(ACTION.tailor),
    ])
  })

  it('undoes a refused edit, shows the server’s reason and keeps the dialog open', async () => {
    const user = userEvent.setup()
    renderEditor()
    fakeApi.failNext('PUT /v1/pipelines/:id/actions', {
      status: 400,
      code: 'validation_failed',
      message: 'body.0.name: Too big: expected string to have <=200 characters',
      details: [
        { path: 'body.0.name', message: 'Too big: expected string to have <=200 characters' },
      ],
    })
    await user.click(screen.getByRole('button', { name: 'Edit action “Find the pain”' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit “Find the pain”' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Action' }), ' today')
    await user.click(within(dialog).getByRole('button', { name: 'Save action' }))

    await vi.waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'The actions could not be saved, so the change was undone.',
      ),
    )
    expect(await within(dialog).findByText('Use at most 200 characters.')).toBeVisible()
    expect(within(dialog).getByRole('textbox', { name: /Action/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(screen.getByRole('dialog')).toBeVisible()
    expect(within(dialog).getByRole('textbox', { name: 'Action' })).toHaveValue(
      'Find the pain today',
    )
    expect(actionNames('Discovery')).toEqual(['Find the pain', 'Confirm budget', 'Find a champion'])
    expect(within(dialog).getByRole('button', { name: 'Save action' })).toBeEnabled()
  })

  it('closes Edit action at once when nothing was changed', async () => {
    const user = userEvent.setup()
    renderEditor()
    const edit = screen.getByRole('button', { name: 'Edit action “Confirm budget”' })
    await user.click(edit)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    await vi.waitFor(() => expect(edit).toHaveFocus())
  })

  it('asks before Escape drops a typed action name; staying keeps it, leaving drops it', async () => {
    const user = userEvent.setup()
    renderEditor()
    const edit = screen.getByRole('button', { name: 'Edit action “Confirm budget”' })
    await user.click(edit)
    const dialog = screen.getByRole('dialog', { name: 'Edit “Confirm budget”' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Action' }), ' holder')
    await user.keyboard('{Escape}')

    const question = screen.getByRole('dialog', { name: 'Leave without saving?' })
    await user.click(within(question).getByRole('button', { name: 'Stay on this page' }))
    expect(within(dialog).getByRole('textbox', { name: 'Action' })).toHaveValue(
      'Confirm budget holder',
    )

    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await vi.waitFor(() => expect(edit).toHaveFocus())
    expect(fakeApi.writes()).toEqual([])
    expect(actionNames('Discovery')).toEqual(['Find the pain', 'Confirm budget', 'Find a champion'])
  })
})
