import '@/test-support/dom-polyfills'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { getI18n } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setAccessToken } from '@/lib/access-token'
import { signInAs } from '@/test-support/deals-area-setup'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  DEAL_ID,
  dealFixture,
  solutionFitFixture,
} from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import { pipelineFixture } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { renderWithQuery } from '@/test-support/render-with-query'
import { SolutionFitPanel } from './solution-fit-panel'

// The German texts, for the evidence dialog in the German UI.
const german = import.meta.glob<Record<string, unknown>>(
  '../../../../public/locales/de/{common,deals,ui}.json',
  { eager: true, import: 'default' },
)

async function inGerman() {
  const i18n = getI18n()
  for (const [file, texts] of Object.entries(german)) {
    i18n.addResourceBundle('de', file.replace(/^.*\/(.+)\.json$/, '$1'), texts)
  }
  await i18n.changeLanguage('de')
}

describe('EvidenceDialog: each criterion’s justification', () => {
  beforeEach(() => signInAs('admin'))
  afterEach(async () => {
    setAccessToken(null)
    await getI18n().changeLanguage('en')
  })

  it('says a justification with a code in German, and keeps the English of one without', async () => {
    await inGerman()
    fakeApi.seed({
      pipelines: [pipelineFixture()],
      dealsArea: { ...initialDealsArea(), deals: [dealFixture()] },
      dealScreen: {
        ...fakeApi.state.dealScreen,
        solutionFits: { [DEAL_ID]: solutionFitFixture() },
      },
    })
    renderWithQuery(<SolutionFitPanel dealId={DEAL_ID} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Belege' }))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText(
        'Dringlichkeit wird nur angedeutet oder vom Verkäufer behauptet. Außerdem schiebt der Käufer den Kauf auf.',
      ),
    ).not.toHaveAttribute('dir')
    expect(
      within(dialog).getByText(
        'Der Käufer nennt Bedürfnisse, die zu den Nutzenversprechen passen.',
      ),
    ).toBeInTheDocument()
    // Scored before the codes: the engine's English, in its own direction.
    expect(within(dialog).getByText('The pain is named and costed.')).toHaveAttribute('dir', 'auto')
  })
})
