import '@/test-support/dom-polyfills'
import { screen, within } from '@testing-library/react'
import { getI18n } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setAccessToken } from '@/lib/access-token'
import { isolate } from '@/lib/bidi'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  analysisFixture,
  DEAL_ID,
  dealFixture,
} from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import { ACTION, pipelineFixture, STAGE } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { signInAs } from '@/test-support/deals-area-setup'
import { renderWithQuery } from '@/test-support/render-with-query'
import { switchLanguage } from '@/test-support/switch-language'
import { AnalysisSection } from './analysis-section'

// The pain action as the engine reports it now: its English, and the codes the app says it by.
const PAIN = {
  action_id: ACTION.pain,
  action: 'Identify the pain',
  stage_id: STAGE.discovery,
  status: 'Completed' as const,
  summary:
    '2 sentences about "Identify the pain"; strongest: "We lose two days a month on reports."',
  summary_code: 'sentences_about' as const,
  summary_params: {
    count: 2,
    action: 'Identify the pain',
    quote: 'We lose two days a month on reports.',
  },
  status_description: 'Completed: confirmed in 2 sentences across 1 call and 1 e-mail.',
  status_description_code: 'confirmed' as const,
  status_description_params: { sentences: 2, calls: 1, emails: 1, conversations: 0 },
  results: [{ type: 'transcript' as const, result: 'We lose two days a month on reports.' }],
  engagement_id: null,
}

function renderAnalysis(actionResults = analysisFixture().action_results) {
  fakeApi.seed({
    pipelines: [pipelineFixture()],
    dealsArea: {
      ...initialDealsArea(),
      deals: [dealFixture()],
      analyses: { [DEAL_ID]: analysisFixture({ action_results: actionResults }) },
    },
  })
  renderWithQuery(<AnalysisSection dealId={DEAL_ID} pipeline={pipelineFixture()} canRetry />)
  return screen.findByRole('region', { name: /Playbook actions|Playbook-Aktionen/ })
}

const item = (list: HTMLElement, name: string) => within(list).getByText(name).closest('li')!

describe('ActionResults: what the analysis says about each action', () => {
  beforeEach(() => signInAs('admin'))
  afterEach(async () => {
    setAccessToken(null)
    await getI18n().changeLanguage('en')
  })

  it('says the summary and status description in German, from their codes and values', async () => {
    await switchLanguage('de')
    const list = await renderAnalysis([PAIN])
    const pain = item(list, 'Identify the pain')
    const summary = within(pain).getByText(
      `2 Sätze zu „${isolate('Identify the pain')}“; am deutlichsten: „${isolate('We lose two days a month on reports.')}“`,
    )
    // A sentence in the reader's language keeps the page's direction.
    expect(summary).not.toHaveAttribute('dir')
    expect(
      within(pain).getByText('Erledigt: bestätigt in 2 Sätzen aus 1 Anruf und 1 E-Mail.'),
    ).not.toHaveAttribute('dir')
    expect(pain).not.toHaveTextContent('Completed: confirmed')
  })

  it('shows in German the English of a result stored before the codes, in its own direction', async () => {
    await switchLanguage('de')
    const list = await renderAnalysis()
    const pain = item(list, 'Identify the pain')
    expect(within(pain).getByText('Confirmed on the discovery call.')).toHaveAttribute(
      'dir',
      'auto',
    )
    expect(
      within(pain).getByText('The buyer described the pain of manual reporting.'),
    ).toHaveAttribute('dir', 'auto')
    // The fixture's other action carries codes: it is said in German.
    const tailor = item(list, 'Tailor the demo')
    expect(tailor).toHaveTextContent(
      'Ausstehend: wird erwartet, noch nicht als erledigt bestätigt.',
    )
    expect(tailor).toHaveTextContent(
      `Kein einzelner Satz handelt eindeutig von „${isolate('Tailor the demo')}“`,
    )
  })

  it('says the same sentences in English from the codes', async () => {
    const list = await renderAnalysis([PAIN])
    const pain = item(list, 'Identify the pain')
    expect(pain).toHaveTextContent(
      'Completed: confirmed in 2 sentences across 1 call and 1 e-mail.',
    )
  })
})
