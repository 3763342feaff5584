import '@/test-support/dom-polyfills'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setAccessToken } from '@/lib/access-token'
import { fakeAccessToken } from '@/test-support/fake-api/fake-access-token'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  analysisFixture,
  CALL_ID,
  callFixture,
  callUtterances,
  DEAL_ID,
  dealFixture,
  EMAIL_ID,
  emailFixture,
  solutionFitFixture,
} from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import { ACTION, pipelineFixture } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { meFixture, ORGANISATION_ID } from '@/test-support/fake-api/fixtures/user-fixtures'
import { initialDealScreenArea } from '@/test-support/fake-api/routes/deal-screen-routes'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { renderWithQuery } from '@/test-support/render-with-query'
import { switchLanguage } from '@/test-support/switch-language'
import { ActivitySection } from './activity-section'

function seedDeal() {
  fakeApi.seed({
    pipelines: [pipelineFixture()],
    dealsArea: {
      ...initialDealsArea(),
      deals: [dealFixture()],
      engagements: [emailFixture(), callFixture()],
      analyses: { [DEAL_ID]: analysisFixture() },
    },
    dealScreen: {
      ...initialDealScreenArea(),
      activity: {
        [DEAL_ID]: [
          {
            engagement_timestamp: '2026-02-10T09:30:00.000Z',
            engagement_id: CALL_ID,
            actions: [
              {
                action: 'Identify the pain',
                action_id: ACTION.pain,
                summary: 'Pain named.',
                status: 'Done',
                status_description: '',
                results: [{ type: 'transcript', result: 'How do you report today?' }],
              },
            ],
          },
          {
            engagement_timestamp: '2026-02-01T08:00:00.000Z',
            engagement_id: EMAIL_ID,
            actions: [
              {
                action: 'Confirm the budget',
                action_id: ACTION.budget,
                summary: '',
                status: 'Waiting for the CFO',
                status_description: '',
                results: [{ type: 'email', result: 'as discussed, reporting eats our month-end' }],
              },
            ],
          },
        ],
      },
      details: {
        [CALL_ID]: { utterances: callUtterances, body: '' },
        [EMAIL_ID]: {
          utterances: [],
          subject: 'Pricing follow-up',
          body: 'Hi Ada,\nas discussed, reporting eats our month-end.\nBob',
        },
      },
      solutionFits: { [DEAL_ID]: solutionFitFixture() },
    },
  })
}

beforeEach(() => {
  setAccessToken(fakeAccessToken({ ...meFixture(), role: 'admin' }, ORGANISATION_ID))
})

afterEach(() => setAccessToken(null))

describe('Activity', () => {
  it('lists the calls and e-mails newest first with the actions each moved', async () => {
    seedDeal()
    renderWithQuery(<ActivitySection dealId={DEAL_ID} canEdit />)
    const names = await screen.findAllByRole('button', { name: /open the call or e-mail/ })
    expect(names.map((button) => button.textContent)).toEqual([
      'Discovery call — open the call or e-mail',
      'Pricing follow-up — open the call or e-mail',
    ])
    const actions = await screen.findAllByRole('list', {
      name: 'Playbook actions in this engagement',
    })
    expect(actions.map((list) => list.textContent)).toEqual([
      'Identify the pain: Completed',
      'Confirm the budget: Pending',
    ])
    expect(screen.getAllByRole('button', { name: /^Delete/ })).toHaveLength(2)
  })

  it('lists who took part as a list of the reader’s language, not with an English ", "', async () => {
    seedDeal()
    await switchLanguage('de')
    try {
      renderWithQuery(<ActivitySection dealId={DEAL_ID} canEdit />)
      const open = await screen.findByRole('button', { name: /^Discovery call/ })
      expect(open.closest('li')).toHaveTextContent('Ada Lovelace und Bob Buyer')
    } finally {
      await switchLanguage('en')
    }
  })

  it('names an e-mail’s participant who is one of the deal’s contacts, as the call beside it does', async () => {
    seedDeal()
    renderWithQuery(<ActivitySection dealId={DEAL_ID} canEdit />)
    const open = await screen.findByRole('button', { name: /^Pricing follow-up/ })
    const email = open.closest('li')!
    expect(await within(email).findByText('Bob Buyer')).toBeInTheDocument()
    expect(within(email).queryByText('bob@acme.example')).toBeNull()
  })

  it('names an e-mail’s seller and sender instead of their addresses, each address the name’s tooltip (QA 1)', async () => {
    seedDeal()
    renderWithQuery(<ActivitySection dealId={DEAL_ID} canEdit />)
    const open = await screen.findByRole('button', { name: /^Pricing follow-up/ })
    const email = open.closest('li')!
    expect(email).toHaveTextContent('Bob Buyer, Ada Lovelace, and Maya Chen')
    expect(within(email).getByText('Ada Lovelace')).toHaveAttribute('title', 'ada@seller.example')
    expect(within(email).getByText('Maya Chen')).toHaveAttribute('title', 'maya@acme.example')
    expect(within(email).queryByText(/@/)).toBeNull()

    // The e-mail opened names them too.
    await userEvent.click(open)
    const dialog = await screen.findByRole('dialog', { name: 'Pricing follow-up' })
    expect(await within(dialog).findByText('Maya Chen')).toHaveAttribute(
      'title',
      'maya@acme.example',
    )
  })

  it('opens a transcript with speakers, roles and times, the evidence marked', async () => {
    seedDeal()
    const user = userEvent.setup()
    renderWithQuery(<ActivitySection dealId={DEAL_ID} canEdit />)
    const open = await screen.findByRole('button', { name: /^Discovery call/ })
    await user.click(open)
    const dialog = await screen.findByRole('dialog', { name: 'Discovery call' })
    const transcript = await within(dialog).findByRole('list', { name: 'Transcript' })
    const turns = within(transcript).getAllByRole('listitem')
    expect(turns).toHaveLength(3)
    expect(turns[1]).toHaveTextContent('Bob Buyer')
    expect(turns[1]).toHaveTextContent('Buyer')
    expect(turns[1]).toHaveTextContent('1:05')
    expect(turns[0]).toHaveTextContent('Seller')

    // Evidence from the activity (action result), the analysis (objection, action result) and the
    // solution fit (evidence refs) of this call.
    const marks = [...dialog.querySelectorAll('mark')].map((mark) => mark.textContent)
    expect(marks).toEqual([
      'Evidence: How do you report today?',
      'Evidence: By hand. We lose two days a month on reports.',
      'Evidence: That seems expensive for us.',
    ])
    expect(
      fakeApi
        .requests()
        .some((request) => request.url === `/v1/engagements/${CALL_ID}?engagement_type=transcript`),
    ).toBe(true)

    await user.keyboard('{Escape}')
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(open).toHaveFocus()
  })

  it('opens an e-mail with its subject and the quoted sentence marked', async () => {
    seedDeal()
    const user = userEvent.setup()
    renderWithQuery(<ActivitySection dealId={DEAL_ID} canEdit />)
    await user.click(await screen.findByRole('button', { name: /^Pricing follow-up/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Pricing follow-up' })
    expect(await within(dialog).findByText('Subject')).toBeInTheDocument()
    expect([...dialog.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Evidence: as discussed, reporting eats our month-end',
    ])
    expect(
      within(dialog).getByText('Highlighted sentences are the evidence the analysis quoted.'),
    ).toBeInTheDocument()
    expect(
      fakeApi
        .requests()
        .some((request) => request.url === `/v1/engagements/${EMAIL_ID}?engagement_type=email`),
    ).toBe(true)
  })

  it('says what to do when there is nothing yet, and only that for readers', async () => {
    fakeApi.seed({
      pipelines: [pipelineFixture()],
      dealsArea: { ...initialDealsArea(), deals: [dealFixture()] },
    })
    const { unmount } = renderWithQuery(<ActivitySection dealId={DEAL_ID} canEdit />)
    expect(
      await screen.findByRole('heading', { name: 'No calls or e-mails yet' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/Add a call transcript or an e-mail/)).toBeInTheDocument()
    unmount()
    renderWithQuery(<ActivitySection dealId={DEAL_ID} canEdit={false} />)
    expect(
      await screen.findByText('Calls and e-mails appear here once the deal’s owner adds them.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
  })
})
