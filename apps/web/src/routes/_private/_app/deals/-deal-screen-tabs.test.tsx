import '@/test-support/dom-polyfills'
import type { PipelineAction } from '@dealcoach/contracts/pipelines'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setAccessToken } from '@/lib/access-token'
import { isolate } from '@/lib/bidi'
import { fakeAccessToken } from '@/test-support/fake-api/fake-access-token'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  analysisFixture,
  CONTACT_ID,
  DEAL_ID,
  dealFixture,
} from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import { pipelineFixture, STAGE } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { meFixture, ORGANISATION_ID } from '@/test-support/fake-api/fixtures/user-fixtures'
import { initialDealScreenArea } from '@/test-support/fake-api/routes/deal-screen-routes'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { renderWithQuery } from '@/test-support/render-with-query'
import { DealScreen } from './-deal-screen'
import { dealSearch } from './-deal-search'

function renderDeal(path = `/deals/${DEAL_ID}`) {
  const root = createRootRoute()
  const deal = createRoute({
    getParentRoute: () => root,
    path: '/deals/$dealId',
    validateSearch: dealSearch,
    component: function Page() {
      const { dealId } = deal.useParams()
      const { tab } = deal.useSearch()
      const navigate = deal.useNavigate()
      return (
        <DealScreen
          dealId={dealId}
          tab={tab}
          onTabChange={(next) => void navigate({ search: { tab: next } })}
        />
      )
    },
  })
  const router = createRouter({
    routeTree: root.addChildren([deal]),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  renderWithQuery(<RouterProvider router={router} />)
  return router
}

beforeEach(() => {
  setAccessToken(fakeAccessToken({ ...meFixture(), role: 'admin' }, ORGANISATION_ID))
  fakeApi.seed({
    pipelines: [pipelineFixture()],
    dealsArea: {
      ...initialDealsArea(),
      deals: [dealFixture()],
      analyses: { [DEAL_ID]: analysisFixture() },
    },
    dealScreen: {
      ...initialDealScreenArea(),
      contactEngagement: {
        [CONTACT_ID]: { engagement_count: 2, last_engaged_at: '2026-02-10T09:30:00.000Z' },
      },
    },
  })
})

afterEach(() => setAccessToken(null))

const PROPOSAL_ACTION = {
  pricing: '00000000-0000-4000-8000-0000000000c5',
  approval: '00000000-0000-4000-8000-0000000000c6',
} as const

const pipelineAction = (
  action_id: string,
  stage_id: string,
  name: string,
  position: number,
): PipelineAction => ({ action_id, stage_id, name, description: '', position })

describe('Deal screen', () => {
  it('heads the page with the deal’s figures, its confidence and what moved it', async () => {
    renderDeal()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acme rollout' }),
    ).toBeInTheDocument()
    // The browser tab names the deal, as every other page names itself.
    expect(document.title).toBe('Acme rollout · Dealcoach')
    expect(screen.getByText('Acme Corp')).toBeInTheDocument()
    const figures = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
    expect(figures('Stage')).toBe('Discovery')
    expect(figures('Status')).toBe('Open')
    expect(figures('Owner')).toBe('Ada Lovelace')
    expect(figures('Amount')).toBe('€12,000')
    expect(figures('Close date')).toBe('5 Mar, 2026')
    expect(figures('Last activity')).toBe('10 Feb, 2026')
    expect(await screen.findByText('64%')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'What raised confidence' })).toHaveTextContent(
      '+83 buyer contacts engaged.',
    )
    expect(screen.getByRole('region', { name: 'What lowered confidence' })).toHaveTextContent(
      '-51 of 2 objections not handled.',
    )
    expect(screen.getByRole('region', { name: 'Risk warnings' })).toHaveTextContent(
      'MediumOnly one buyer contact engaged.',
    )
  })

  it('shows - for a missing close date and no dead buttons to a reader', async () => {
    fakeApi.seed({
      dealsArea: {
        ...initialDealsArea(),
        deals: [dealFixture({ close_date: null, owner_id: null })],
      },
    })
    setAccessToken(fakeAccessToken({ ...meFixture(), role: 'member' }, ORGANISATION_ID))
    renderDeal()
    await screen.findByRole('heading', { level: 1, name: 'Acme rollout' })
    expect(screen.getByText('Close date', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      /^-$/,
    )
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add call or e-mail' })).toBeNull()
  })

  it('shows the analysis by default: actions by stage with status, method and quotes', async () => {
    renderDeal()
    const tab = await screen.findByRole('tab', { name: 'Analysis' })
    expect(tab).toHaveAttribute('aria-selected', 'true')
    const panel = screen.getByRole('tabpanel', { name: 'Analysis' })
    expect(await within(panel).findByRole('heading', { name: 'Discovery' })).toBeInTheDocument()
    expect(within(panel).getByRole('heading', { name: 'Demo' })).toBeInTheDocument()
    const items = within(panel).getAllByRole('listitem')
    const pain = items[0]
    const tailor = items.find((item) => item.textContent?.startsWith('Tailor the demo'))
    expect(pain).toHaveTextContent('Identify the pain')
    expect(pain).toHaveTextContent('Completed')
    expect(pain).toHaveTextContent('Calls and e-mails')
    expect(pain).toHaveTextContent('Confirmed on the discovery call.')
    expect(pain).toHaveTextContent('We lose two days a month on reports.')
    expect(tailor).toHaveTextContent('Pending')
    const objections = within(panel).getByRole('region', { name: 'Objections raised' })
    expect(objections).toHaveTextContent('Price')
    expect(objections).toHaveTextContent('Handled')
    expect(objections).toHaveTextContent(`Raised by ${isolate('Bob Buyer')}`)
    expect(objections).toHaveTextContent('It pays for itself within a quarter.')
  })

  it('lists every playbook action of the pipeline by stage, the ones with no evidence as not done', async () => {
    const proposalActions = [
      pipelineAction(PROPOSAL_ACTION.pricing, STAGE.proposal, 'Agree the pricing', 0),
      pipelineAction(PROPOSAL_ACTION.approval, STAGE.proposal, 'Map the approval path', 1),
    ]
    const pipeline = pipelineFixture()
    fakeApi.seed({
      pipelines: [{ ...pipeline, actions: [...pipeline.actions, ...proposalActions] }],
      dealsArea: {
        ...initialDealsArea(),
        deals: [dealFixture({ stage_id: STAGE.proposal })],
        analyses: { [DEAL_ID]: analysisFixture() },
      },
    })
    renderDeal()
    const panel = await screen.findByRole('tabpanel', { name: 'Analysis' })
    const list = await within(panel).findByRole('region', { name: 'Playbook actions' })
    // Stages in the pipeline's order, the deal's current stage (Proposal) too.
    expect(
      within(list)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Discovery', 'Demo', 'Proposal'])
    const rows = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(rows).toEqual([
      expect.stringMatching(/^Identify the painCompleted/),
      'Confirm budgetNot done',
      'Find a championNot done',
      expect.stringMatching(/^Tailor the demoPending/),
      'Agree the pricingNot done',
      'Map the approval pathNot done',
    ])
    expect(within(list).getByText('1 of 3 completed')).toBeInTheDocument()
    expect(within(list).getByText('0 of 1 completed')).toBeInTheDocument()
    expect(within(list).getByText('0 of 2 completed')).toBeInTheDocument()
    // A missing action has no quotes, method or description of its own.
    const budget = within(list).getByText('Confirm budget').closest('li')!
    expect(budget.querySelector('blockquote')).toBeNull()
  })

  it('lists the pipeline’s actions as not done when the analysis found none', async () => {
    fakeApi.seed({
      dealsArea: {
        ...initialDealsArea(),
        deals: [dealFixture()],
        analyses: { [DEAL_ID]: analysisFixture({ action_results: [] }) },
      },
    })
    renderDeal()
    const list = await screen.findByRole('region', { name: 'Playbook actions' })
    expect(
      within(list).getByText(/No playbook actions were found in the calls and e-mails yet/),
    ).toBeInTheDocument()
    expect(within(list).getAllByText('Not done')).toHaveLength(4)
  })

  it('shows a member the same actions, read-only', async () => {
    setAccessToken(fakeAccessToken({ ...meFixture(), role: 'member' }, ORGANISATION_ID))
    fakeApi.seed({
      dealsArea: {
        ...initialDealsArea(),
        deals: [dealFixture({ owner_id: '00000000-0000-4000-8000-0000000000e1' })],
        analyses: { [DEAL_ID]: analysisFixture() },
      },
    })
    renderDeal()
    const list = await screen.findByRole('region', { name: 'Playbook actions' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(4)
    expect(within(list).getAllByText('Not done')).toHaveLength(2)
    expect(within(list).queryByRole('button')).toBeNull()
  })

  it('keeps the analysis placeholder until the pipeline is in, then lists its actions', async () => {
    const held = fakeApi.holdNext('GET /v1/pipelines/:id')
    renderDeal()
    await screen.findByRole('heading', { level: 1, name: 'Acme rollout' })
    const panel = screen.getByRole('tabpanel', { name: 'Analysis' })
    expect(within(panel).getByRole('status')).toHaveTextContent('Loading the analysis…')
    expect(within(panel).queryByRole('listitem')).toBeNull()
    held.release()
    expect(await within(panel).findAllByText('Not done')).toHaveLength(2)
    expect(within(panel).queryByRole('status')).toBeNull()
  })

  it('lays out what the engine and the buyer wrote by its own direction, on a right-to-left page too', async () => {
    renderDeal()
    const panel = await screen.findByRole('tabpanel', { name: 'Analysis' })
    // The engine writes in English: in Arabic its punctuation must stay at the end of each text.
    expect(await within(panel).findByText('Confirmed on the discovery call.')).toHaveAttribute(
      'dir',
      'auto',
    )
    expect(within(panel).getByText('We lose two days a month on reports.')).toHaveAttribute(
      'dir',
      'auto',
    )
    expect(within(panel).getByText('That seems expensive for us.')).toHaveAttribute('dir', 'auto')
    const reply = within(panel).getByText('It pays for itself within a quarter.')
    expect(reply.tagName).toBe('BDI')
    expect(
      screen.getByRole('heading', { level: 1, name: 'Acme rollout' }).firstElementChild?.tagName,
    ).toBe('BDI')
  })

  it('keeps the chosen tab in the URL and opens on it', async () => {
    const user = userEvent.setup()
    const router = renderDeal()
    await user.click(await screen.findByRole('tab', { name: 'Contacts' }))
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ tab: 'contacts' }))
    const panel = screen.getByRole('tabpanel', { name: 'Contacts' })
    expect(await within(panel).findByText('Bob Buyer')).toBeInTheDocument()
    expect(within(panel).getByText('Head of Finance · Champion')).toBeInTheDocument()
    expect(within(panel).getByRole('link', { name: 'bob@acme.example' })).toHaveAttribute(
      'href',
      'mailto:bob@acme.example',
    )
    expect(within(panel).getByText('2 calls or e-mails · last on 10 Feb, 2026')).toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Activity' }))
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ tab: 'activity' }))
  })

  it('lists a buyer the user added from a call on the Contacts tab at once (QA 4)', async () => {
    const user = userEvent.setup()
    renderDeal(`/deals/${DEAL_ID}?tab=contacts`)
    const panel = await screen.findByRole('tabpanel', { name: 'Contacts' })
    expect(await within(panel).findByText('Bob Buyer')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Add call or e-mail' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('tab', { name: 'Paste transcript' }))
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Transcript' }), {
      target: { value: 'Ada: Hello.\nCarol: Hi.' },
    })
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    const carol = await within(dialog).findByRole('radiogroup', { name: /Carol/ })
    await user.click(within(carol).getByRole('radio', { name: 'Buyer' }))
    await user.click(within(dialog).getByRole('checkbox', { name: /Add Carol/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(
      await within(screen.getByRole('tabpanel', { name: 'Contacts' })).findByText('Carol'),
    ).toBeInTheDocument()
  })

  it('opens on the tab the URL names', async () => {
    renderDeal(`/deals/${DEAL_ID}?tab=activity`)
    expect(await screen.findByRole('tab', { name: 'Activity' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(await screen.findByText('No calls or e-mails yet')).toBeInTheDocument()
  })

  it('falls back to the analysis tab for an unknown tab', async () => {
    renderDeal(`/deals/${DEAL_ID}?tab=nonsense`)
    expect(await screen.findByRole('tab', { name: 'Analysis' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
  })

  it('tells an editor how to add contacts when there are none', async () => {
    fakeApi.seed({
      dealsArea: { ...initialDealsArea(), deals: [dealFixture({ contacts: [] })] },
    })
    renderDeal(`/deals/${DEAL_ID}?tab=contacts`)
    expect(await screen.findByRole('heading', { name: 'No contacts yet' })).toBeInTheDocument()
    expect(screen.getByText(/Add the buyer’s people with Edit/)).toBeInTheDocument()
  })
})
