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
import { switchLanguage } from '@/test-support/switch-language'
import { SolutionFitPanel } from './solution-fit-panel'

describe('EvidenceDialog: each criterion’s justification', () => {
  beforeEach(() => signInAs('admin'))
  afterEach(async () => {
    setAccessToken(null)
    await getI18n().changeLanguage('en')
  })

  it('says a justification with a code in German, and keeps the English of one without', async () => {
    await switchLanguage('de')
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
