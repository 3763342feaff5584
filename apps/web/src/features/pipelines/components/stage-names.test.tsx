import '@/test-support/dom-polyfills'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { getI18n } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '@/components/ui/toast'
import { ONBOARDING_CHECKLIST_QUERY_KEY } from '@/entities/onboarding/api/get-onboarding-checklist'
import { pipelineQueryOptions, usePipeline } from '@/entities/pipeline/api/get-pipeline'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { pipelineFixture } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { StagesEditor } from './stages-editor'

// The French texts, for the same refusal in the French UI.
const french = import.meta.glob<Record<string, unknown>>(
  '../../../../public/locales/fr/{common,pipeline-setup,ui}.json',
  { eager: true, import: 'default' },
)

function renderEditor() {
  const pipeline = pipelineFixture()
  fakeApi.seed({ pipelines: [pipeline] })
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  })
  client.setQueryData(pipelineQueryOptions(pipeline.id).queryKey, pipeline)
  client.setQueryData(ONBOARDING_CHECKLIST_QUERY_KEY, { steps: [] })
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

describe('stage names that repeat', () => {
  beforeEach(() => vi.clearAllMocks())
  afterEach(async () => {
    await act(() => getI18n().changeLanguage('en'))
  })

  it('refuses a new stage named like another before asking, in English and in French', async () => {
    const user = userEvent.setup()
    renderEditor()
    const name = screen.getByRole('textbox', { name: 'New stage' })
    await user.type(name, ' demo {Enter}')
    expect(name).toHaveAccessibleDescription(
      /Another stage of this pipeline already has this name\./,
    )
    expect(name).toHaveValue(' demo ')
    expect(fakeApi.writes()).toEqual([])

    const i18n = getI18n()
    for (const [file, texts] of Object.entries(french)) {
      i18n.addResourceBundle('fr', file.replace(/^.*\/(.+)\.json$/, '$1'), texts)
    }
    await act(() => i18n.changeLanguage('fr'))
    await user.click(screen.getByRole('button', { name: 'Ajouter l’étape' }))
    expect(screen.getByRole('textbox', { name: 'Nouvelle étape' })).toHaveAccessibleDescription(
      /Une autre étape de ce pipeline porte déjà ce nom\./,
    )
  })

  it("words the server's refusal of a stage renamed like another", async () => {
    const user = userEvent.setup()
    renderEditor()
    const name = screen.getByRole('textbox', { name: 'Name of stage 1' })
    await user.clear(name)
    await user.type(name, 'Proposal{Enter}')

    await vi.waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Another stage of this pipeline already has this name.',
      ),
    )
    expect(fakeApi.state.pipelines[0]?.stages.map((stage) => stage.name)).toEqual([
      'Discovery',
      'Demo',
      'Proposal',
    ])
  })
})
