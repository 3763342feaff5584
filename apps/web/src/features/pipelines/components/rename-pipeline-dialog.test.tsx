import '@/test-support/dom-polyfills'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { getI18n } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '@/components/ui/toast'
import { ONBOARDING_CHECKLIST_QUERY_KEY } from '@/entities/onboarding/api/get-onboarding-checklist'
import { usePipeline } from '@/entities/pipeline/api/get-pipeline'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { PIPELINE_ID, pipelineFixture } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { RenamePipelineDialog } from './rename-pipeline-dialog'

// The Spanish texts, for the same refusal in the Spanish UI.
const spanish = import.meta.glob<Record<string, unknown>>(
  '../../../../public/locales/es/{common,pipeline-setup,ui}.json',
  { eager: true, import: 'default' },
)

const OTHER_ID = '00000000-0000-4000-8000-000000000002'
const PARTNERS_ID = '00000000-0000-4000-8000-000000000003'

/** The dialog, with the pipeline list beside it as the list page and header picker show it. */
function renderDialog() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  client.setQueryData(ONBOARDING_CHECKLIST_QUERY_KEY, { steps: [] })
  function Harness() {
    const pipeline = usePipeline(PIPELINE_ID)
    const list = usePipelines()
    return (
      <>
        <ul aria-label="Pipelines">
          {list.data?.models.map((model) => (
            <li key={model.id}>{model.name}</li>
          ))}
        </ul>
        {pipeline.data ? (
          <>
            <h1>{pipeline.data.name}</h1>
            <RenamePipelineDialog pipeline={pipeline.data} />
          </>
        ) : null}
      </>
    )
  }
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  )
}

const listed = () =>
  within(screen.getByRole('list', { name: 'Pipelines', hidden: true }))
    .queryAllByRole('listitem', { hidden: true })
    .map((item) => item.textContent)

async function openDialog(user: ReturnType<typeof userEvent.setup>, label = 'Rename') {
  await user.click(await screen.findByRole('button', { name: label }))
  return screen.getByRole('dialog')
}

describe('RenamePipelineDialog', () => {
  beforeEach(() => {
    vi.clearAllMocks()
    fakeApi.seed({
      pipelines: [
        pipelineFixture(),
        { ...pipelineFixture(), id: OTHER_ID, name: 'Renewals', stages: [], actions: [] },
      ],
    })
  })
  afterEach(async () => {
    await act(() => getI18n().changeLanguage('en'))
  })

  it('renames the pipeline; the heading and the list show the new name at once', async () => {
    const user = userEvent.setup()
    renderDialog()
    await vi.waitFor(() => expect(listed()).toContain(pipelineFixture().name))
    const dialog = await openDialog(user)
    const name = within(dialog).getByRole('textbox', { name: 'Pipeline name' })
    expect(name).toHaveValue(pipelineFixture().name)
    await user.clear(name)
    await user.type(name, '  Enterprise sales {Enter}')

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fakeApi.writes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        url: `/v1/pipelines/${PIPELINE_ID}`,
        body: { name: 'Enterprise sales' },
      }),
    ])
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Enterprise sales')
    expect(listed()).toEqual(['Enterprise sales', 'Renewals'])
    expect(notify.success).toHaveBeenCalledWith('The pipeline is now called Enterprise sales.')
  })

  it('refuses a name another pipeline has before asking, in any case', async () => {
    const user = userEvent.setup()
    renderDialog()
    await vi.waitFor(() => expect(listed()).toContain('Renewals'))
    const dialog = await openDialog(user)
    const name = within(dialog).getByRole('textbox', { name: 'Pipeline name' })
    await user.clear(name)
    await user.type(name, ' renewals {Enter}')

    expect(name).toHaveAccessibleDescription(/Another pipeline already has this name/)
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(fakeApi.writes()).toEqual([])
  })

  it("shows the server's 409 at the name field; the refusal reads in Spanish too", async () => {
    const user = userEvent.setup()
    renderDialog()
    await vi.waitFor(() => expect(listed()).toContain('Renewals'))
    // Another admin created it after the list was loaded: only the server knows.
    fakeApi.seed({
      pipelines: [
        ...fakeApi.state.pipelines,
        { ...pipelineFixture(), id: PARTNERS_ID, name: 'Partners' },
      ],
    })
    let dialog = await openDialog(user)
    let name = within(dialog).getByRole('textbox', { name: 'Pipeline name' })
    await user.clear(name)
    await user.type(name, 'PARTNERS{Enter}')
    await vi.waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        /Another pipeline already has this name\. Choose another one\./,
      ),
    )
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    expect(fakeApi.state.pipelines[0]?.name).toBe(pipelineFixture().name)
    await user.type(name, 's')
    expect(name).not.toHaveAccessibleDescription(/Another pipeline/)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    // The typed name is unsaved: Cancel asks before dropping it.
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }))

    // The list now knows the name (refetched after the refusal): refused at the field in Spanish.
    const i18n = getI18n()
    for (const [file, texts] of Object.entries(spanish)) {
      i18n.addResourceBundle('es', file.replace(/^.*\/(.+)\.json$/, '$1'), texts)
    }
    await act(() => i18n.changeLanguage('es'))
    dialog = await openDialog(user, 'Renombrar')
    name = within(dialog).getByRole('textbox', { name: 'Nombre del pipeline' })
    await user.clear(name)
    await user.type(name, 'Partners{Enter}')
    await vi.waitFor(() =>
      expect(name).toHaveAccessibleDescription(/Otro pipeline ya tiene este nombre\. Elige otro\./),
    )
  })
})
