import '@/test-support/dom-polyfills'
import { type AnyRootRoute, createRoute, useParams } from '@tanstack/react-router'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { getI18n } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dealQueryOptions } from '@/entities/deal/api/deals-api'
import { setAccessToken } from '@/lib/access-token'
import { DealScreen } from './-deal-screen'
import { dealSearch } from './-deal-search'
import { seedDealsArea, signInAs } from '@/test-support/deals-area-setup'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  analysisFixture,
  callFixture,
  DEAL_ID,
  dealFixture,
} from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import { objectionTypeFixture } from '@/test-support/fake-api/fixtures/objection-type-fixtures'
import { PIPELINE_ID, STAGE } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { meFixture, teamMemberOf } from '@/test-support/fake-api/fixtures/user-fixtures'
import { initialDealsArea, noAnalysis } from '@/test-support/fake-api/routes/deals-routes'
import { testQueryClient } from '@/test-support/render-with-query'
import { renderWithRouter } from '@/test-support/render-with-router'
import { CreateDealDialog } from '@/features/deals/components/create-deal-dialog'

const german = import.meta.glob<Record<string, unknown>>(
  '../../../../../public/locales/de/{common,deals,ui}.json',
  { eager: true, import: 'default' },
)

const me = meFixture()
const colleague = teamMemberOf(
  meFixture({
    id: '00000000-0000-4000-8000-0000000000e1',
    first_name: 'Grace',
    last_name: 'Hopper',
    role: 'member',
  }),
)
/** The deal before its first analysis: no activity and no confidence yet. */
const newDeal = () => dealFixture({ last_activity_at: null, confidence: null })

function signIn(role: 'admin' | 'member', user = teamMemberOf(me)) {
  signInAs(role, user)
  fakeApi.seed({ me: { ...fakeApi.state.me, role }, users: [teamMemberOf(me), colleague] })
}

/** The deal page as the app routes it, with its tab in the search params. */
function dealRoute(root: AnyRootRoute) {
  const deal = createRoute({
    getParentRoute: () => root,
    path: '/deals/$dealId',
    validateSearch: dealSearch,
    component: function Page() {
      const { tab } = deal.useSearch()
      const navigate = deal.useNavigate()
      return (
        <DealScreen
          dealId={useParams({ strict: false }).dealId ?? ''}
          tab={tab}
          onTabChange={(next) => void navigate({ search: { tab: next } })}
        />
      )
    },
  })
  return deal
}

function renderAt(path: string, element: React.ReactNode) {
  return renderWithRouter(element, { path, routes: (root) => [dealRoute(root)] })
}

const OBJECTION_ID = '00000000-0000-4000-8000-0000000000b1'
const PRICE = objectionTypeFixture({ id: '00000000-0000-4000-8000-0000000000c1', name: 'Price' })
const TIMING = objectionTypeFixture({ id: '00000000-0000-4000-8000-0000000000c2', name: 'Timing' })

/** The deal analysed, with one objection the engine found, and the organisation's types. */
function seedAnalysedDeal() {
  fakeApi.seed({
    objectionTypes: [PRICE, TIMING],
    dealsArea: {
      ...initialDealsArea(),
      deals: [dealFixture()],
      analyses: {
        [DEAL_ID]: {
          ...noAnalysis(DEAL_ID),
          status: 'done',
          analysed_at: '2026-11-20T10:00:00.000Z',
          objections: [
            {
              id: OBJECTION_ID,
              objection_type_id: PRICE.id,
              type_name: PRICE.name,
              engagement_id: '00000000-0000-4000-8000-0000000000e9',
              utterance_index: 3,
              text: 'That seems expensive for us.',
              speaker: 'Bob',
              handled: true,
              handling_score: 0.8,
              response: 'It pays for itself within a quarter.',
              occurred_at: '2026-11-19T10:00:00.000Z',
              feedback: null,
            },
          ],
        },
      },
    },
  })
}

beforeEach(() => {
  seedDealsArea()
  signIn('admin')
})

afterEach(async () => {
  setAccessToken(null)
  await act(() => getI18n().changeLanguage('en'))
})

describe('New deal dialog', () => {
  it('creates the deal with its contacts and opens it', async () => {
    const user = userEvent.setup()
    const router = renderAt('/', <CreateDealDialog pipelineId={PIPELINE_ID} />)
    await user.click(await screen.findByRole('button', { name: 'New deal' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByRole('textbox', { name: 'Deal name' }), 'Globex pilot')
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Amount' }), '5000')
    await user.click(within(dialog).getByRole('button', { name: 'Add a contact' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Contact 1: name' }), 'Carol Chief')
    await user.click(within(dialog).getByRole('button', { name: 'Create deal' }))

    await vi.waitFor(() => expect(router.state.location.pathname).toMatch(/^\/deals\//))
    const created = fakeApi.state.dealsArea.deals[0]
    expect(created).toMatchObject({
      name: 'Globex pilot',
      amount: 5000,
      pipeline_id: PIPELINE_ID,
      stage_id: STAGE.discovery,
      owner_id: me.id,
    })
    expect(created?.contacts?.[0]?.name).toBe('Carol Chief')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Globex pilot' }),
    ).toBeInTheDocument()
  })

  it('puts a refused stage under the stage field, in German too', async () => {
    const i18n = getI18n()
    for (const [file, texts] of Object.entries(german)) {
      i18n.addResourceBundle('de', file.replace(/^.*\/(.+)\.json$/, '$1'), texts, true, true)
    }
    await act(() => i18n.changeLanguage('de'))
    fakeApi.failNext('POST /v1/deals', {
      status: 400,
      code: 'validation_failed',
      message: 'body.stage_id: The stage does not belong to the pipeline',
      details: [{ path: 'body.stage_id', message: 'The stage does not belong to the pipeline' }],
    })
    const user = userEvent.setup()
    renderAt('/', <CreateDealDialog pipelineId={PIPELINE_ID} />)
    await user.click(await screen.findByRole('button', { name: 'Neue Verkaufschance' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByRole('textbox', { name: 'Name der Verkaufschance' }), 'X')
    await user.click(within(dialog).getByRole('button', { name: 'Verkaufschance anlegen' }))
    const stage = await within(dialog).findByRole('combobox', { name: /Phase/ })
    await vi.waitFor(() => expect(stage).toHaveAttribute('aria-invalid', 'true'))
    expect(dialog).not.toHaveTextContent('does not belong')
  })

  it('shows a member the owner read-only: their own name', async () => {
    signIn('member')
    const user = userEvent.setup()
    renderAt('/', <CreateDealDialog pipelineId={PIPELINE_ID} />)
    await user.click(await screen.findByRole('button', { name: 'New deal' }))
    const owner = await screen.findByRole('textbox', { name: 'Owner' })
    expect(owner).toHaveAttribute('readonly')
    await vi.waitFor(() => expect(owner).toHaveValue('Ada Lovelace'))
  })
})

describe('Deal page', () => {
  it('uploads a pasted call, confirms the roles and shows the analysis once it is done', async () => {
    fakeApi.seed({
      dealsArea: { ...initialDealsArea(), deals: [newDeal()], pollsUntilFinished: 1 },
    })
    const user = userEvent.setup()
    renderAt(`/deals/${DEAL_ID}`, null)
    expect(
      await screen.findByText('No analysis yet — upload a call or e-mail.'),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Add call or e-mail' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('tab', { name: 'Paste transcript' }))
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Transcript' }),
      'Ada: How do you report today?{Enter}Bob: By hand, it takes days.{Enter}Eve: Price matters.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))

    // Ada is a user (seller), Bob a contact (buyer), Eve matches no one: on a call Ada speaks
    // in she is proposed as the buyer, for the user to confirm.
    expect(await within(dialog).findByText('“Price matters.”')).toBeInTheDocument()
    const eve = within(dialog).getByRole('radiogroup', { name: 'Eve' })
    expect(within(eve).getByRole('radio', { name: 'Buyer' })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const saved = fakeApi.writes().find((write) => write.url.endsWith('/engagements'))
    expect(saved?.body).toMatchObject({
      type: 'transcript',
      roles: { Ada: 'seller', Bob: 'buyer', Eve: 'buyer' },
    })
    expect(await screen.findByRole('progressbar', { name: 'Analysing…' })).toBeInTheDocument()

    // The fake engine finishes on a later poll: the results replace the spinner.
    expect(await screen.findByText('72%')).toBeInTheDocument()
    expect(screen.getByText('That seems expensive for us.')).toBeInTheDocument()
    expect(screen.getByText('Handled')).toBeInTheDocument()
    expect(screen.queryByRole('progressbar', { name: 'Analysing…' })).toBeNull()
  }, 20_000)

  it('asks for the role of a speaker it could not match on a call no one of the team speaks in', async () => {
    fakeApi.seed({ dealsArea: { ...initialDealsArea(), deals: [newDeal()] } })
    const user = userEvent.setup()
    renderAt(`/deals/${DEAL_ID}`, null)
    await user.click(await screen.findByRole('button', { name: 'Add call or e-mail' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('tab', { name: 'Paste transcript' }))
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Transcript' }),
      'Bob: By hand, it takes days.{Enter}Eve: Price matters.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(await within(dialog).findByText('“Price matters.”')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(within(dialog).getByText('Choose seller or buyer.')).toBeInTheDocument()
    expect(fakeApi.writes().some((write) => write.url.endsWith('/engagements'))).toBe(false)
  })

  it('says an analysis failed in its own words and tries again', async () => {
    const area = initialDealsArea()
    fakeApi.seed({
      dealsArea: {
        ...area,
        deals: [newDeal()],
        outcome: 'done',
        analyses: {
          [DEAL_ID]: {
            ...noAnalysis(DEAL_ID),
            status: 'failed',
            error: 'ECONNRESET at provider',
          },
        },
      },
    })
    const user = userEvent.setup()
    renderAt(`/deals/${DEAL_ID}`, null)
    expect(await screen.findByText('The analysis did not complete.')).toBeInTheDocument()
    expect(screen.queryByText(/ECONNRESET/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(
      fakeApi.writes().some((write) => write.method === 'POST' && write.url.endsWith('/analysis')),
    ).toBe(true)
    expect(await screen.findByText('72%', {}, { timeout: 8000 })).toBeInTheDocument()
  }, 20_000)

  it('shows the analysis refreshing after the deal is marked won', async () => {
    fakeApi.seed({
      dealsArea: {
        ...initialDealsArea(),
        deals: [dealFixture()],
        engagements: [callFixture()],
        analyses: { [DEAL_ID]: analysisFixture() },
        pollsUntilFinished: 1,
      },
    })
    const user = userEvent.setup()
    renderAt(`/deals/${DEAL_ID}`, null)
    expect(await screen.findByText('That seems expensive for us.')).toBeInTheDocument()
    expect(screen.queryByRole('progressbar', { name: 'Analysing…' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }))
    await user.click(await screen.findByRole('option', { name: 'Won' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fakeApi.state.dealsArea.deals[0]?.status).toBe('won')
    expect(await screen.findByRole('progressbar', { name: 'Analysing…' })).toBeInTheDocument()
    // The previous results stay while the re-analysis runs, and the spinner goes when it is done.
    expect(screen.getByText('That seems expensive for us.')).toBeInTheDocument()
    await vi.waitFor(
      () => expect(screen.queryByRole('progressbar', { name: 'Analysing…' })).toBeNull(),
      { timeout: 8000 },
    )
  }, 20_000)

  it('shows a member someone else’s deal read-only, with no dead buttons', async () => {
    signIn('member', colleague)
    fakeApi.seed({ dealsArea: { ...initialDealsArea(), deals: [newDeal()] } })
    renderAt(`/deals/${DEAL_ID}`, null)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acme rollout' }),
    ).toBeInTheDocument()
    expect(
      await screen.findByText(
        'No analysis yet. It appears once a call or e-mail is added to this deal.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add call or e-mail' })).toBeNull()
  })

  it('lets a user say a detected objection is none, and it leaves the list', async () => {
    seedAnalysedDeal()
    const user = userEvent.setup()
    renderAt(`/deals/${DEAL_ID}`, null)
    const quote = await screen.findByText('That seems expensive for us.')
    const objection = quote.closest('li')!
    expect(within(objection).getByRole('button', { name: 'Use as an example' })).toBeInTheDocument()
    await user.click(within(objection).getByRole('button', { name: 'Not an objection' }))
    await waitFor(() => expect(screen.queryByText('That seems expensive for us.')).toBeNull())
    expect(
      fakeApi
        .writes()
        .some(
          (write) =>
            write.method === 'POST' &&
            write.url.endsWith(`/v1/objections/${OBJECTION_ID}/feedback`),
        ),
    ).toBe(true)
    expect(fakeApi.state.objectionFeedback.map((feedback) => feedback.verdict)).toEqual([
      'not_objection',
    ])
  })

  it('shows a retyped objection under its new type, with the correction to undo', async () => {
    seedAnalysedDeal()
    const user = userEvent.setup()
    renderAt(`/deals/${DEAL_ID}`, null)
    const objection = (await screen.findByText('That seems expensive for us.')).closest('li')!
    await user.click(within(objection).getByRole('button', { name: 'Another type…' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('combobox'))
    await user.click(await screen.findByRole('option', { name: 'Timing' }))
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))
    const moved = () => screen.getByText('That seems expensive for us.').closest('li')!
    await waitFor(() => expect(within(moved()).getByText('Timing')).toBeInTheDocument())

    await user.click(within(moved()).getByRole('button', { name: 'Undo the correction' }))
    await waitFor(() => expect(within(moved()).getByText(PRICE.name)).toBeInTheDocument())
    expect(
      within(moved()).queryByRole('button', { name: 'Undo the correction' }),
    ).not.toBeInTheDocument()
  })

  it('offers a member the corrections but not the examples', async () => {
    signIn('member')
    seedAnalysedDeal()
    renderAt(`/deals/${DEAL_ID}`, null)
    const objection = (await screen.findByText('That seems expensive for us.')).closest('li')!
    expect(within(objection).getByRole('button', { name: 'Not an objection' })).toBeInTheDocument()
    expect(within(objection).getByRole('button', { name: 'Another type…' })).toBeInTheDocument()
    expect(within(objection).queryByRole('button', { name: 'Use as an example' })).toBeNull()
  })

  it('shows the not-found look for an unknown deal', async () => {
    renderAt('/deals/00000000-0000-4000-8000-0000000000d9', null)
    expect(await screen.findByText('Deal not found')).toBeInTheDocument()
  })

  it('asks once for a missing deal the route loader already asked for', async () => {
    const missing = '00000000-0000-4000-8000-0000000000d9'
    const client = testQueryClient()
    // As the route's loader leaves it: the 404 in the cache for the page to show.
    await client.fetchQuery(dealQueryOptions(missing)).catch(() => undefined)
    renderWithRouter(null, {
      path: `/deals/${missing}`,
      routes: (root) => [dealRoute(root)],
      client,
    })
    expect(await screen.findByText('Deal not found')).toBeInTheDocument()
    const asked = fakeApi
      .requests()
      .filter((request) => request.url.includes(`/v1/deals/${missing}`))
    expect(asked).toHaveLength(1)
  })

  it('shows the not-found look for an address that cannot name a deal, without a retry', async () => {
    renderAt('/deals/not-a-deal', null)
    expect(await screen.findByText('Deal not found')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /try again/i })).not.toBeInTheDocument()
  })
})

/** The requests sent that match `pattern` ("METHOD url"): some of the page's reads are POSTs. */
const sent = (pattern: RegExp) =>
  fakeApi.writes().filter((write) => pattern.test(`${write.method} ${write.url}`))

describe('Deal dialogs with unsaved edits', () => {
  /** The deal page with its Edit deal dialog open; answers the Edit button. */
  async function openEditDeal(user: ReturnType<typeof userEvent.setup>) {
    fakeApi.seed({ dealsArea: { ...initialDealsArea(), deals: [newDeal()] } })
    renderAt(`/deals/${DEAL_ID}`, null)
    const edit = await screen.findByRole('button', { name: 'Edit' })
    await user.click(edit)
    const dialog = await screen.findByRole('dialog', { name: 'Edit deal' })
    return { edit, dialog }
  }

  const question = () => screen.queryByRole('dialog', { name: 'Leave without saving?' })

  it('closes Edit deal at once when nothing was changed', async () => {
    const user = userEvent.setup()
    const { edit } = await openEditDeal(user)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(edit).toHaveFocus())
  })

  it('asks before Escape drops an edited name; staying keeps it, leaving drops it', async () => {
    const user = userEvent.setup()
    const { edit, dialog } = await openEditDeal(user)
    const name = within(dialog).getByRole('textbox', { name: 'Deal name' })
    await user.clear(name)
    await user.type(name, 'Acme renewal')
    await user.keyboard('{Escape}')

    expect(question()).toHaveAccessibleDescription(
      'Your changes on this page are not saved yet. If you leave now, they are lost.',
    )
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }))
    expect(question()).toBeNull()
    expect(within(dialog).getByRole('textbox', { name: 'Deal name' })).toHaveValue('Acme renewal')

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(edit).toHaveFocus())
    expect(sent(/^PATCH /)).toEqual([])

    await user.click(edit)
    const reopened = await screen.findByRole('dialog', { name: 'Edit deal' })
    expect(within(reopened).getByRole('textbox', { name: 'Deal name' })).toHaveValue('Acme rollout')
  })

  it('asks before Cancel drops a changed status', async () => {
    const user = userEvent.setup()
    const { dialog } = await openEditDeal(user)
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }))
    await user.click(await screen.findByRole('option', { name: 'Won' }))
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(question()).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }))
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Won')
  })

  it('asks before a click outside drops a changed close date', async () => {
    const user = userEvent.setup()
    const { dialog } = await openEditDeal(user)
    const closeDate = within(dialog).getByLabelText('Close date')
    await user.clear(closeDate)
    await user.type(closeDate, '2026-12-31')
    await user.click(document.querySelector('[data-slot="modal-dialog-overlay"]')!)
    expect(question()).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }))
    expect(within(dialog).getByLabelText('Close date')).toHaveValue('2026-12-31')
  })

  it('asks before New deal drops an added contact', async () => {
    const user = userEvent.setup()
    renderAt('/', <CreateDealDialog pipelineId={PIPELINE_ID} />)
    await user.click(await screen.findByRole('button', { name: 'New deal' }))
    const dialog = await screen.findByRole('dialog', { name: 'New deal' })
    await user.click(within(dialog).getByRole('button', { name: 'Add a contact' }))
    await user.keyboard('{Escape}')
    expect(question()).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('opens Another type… on its Type field, and asks before a chosen type is dropped', async () => {
    seedAnalysedDeal()
    const user = userEvent.setup()
    renderAt(`/deals/${DEAL_ID}`, null)
    const objection = (await screen.findByText('That seems expensive for us.')).closest('li')!
    const anotherType = within(objection).getByRole('button', { name: 'Another type…' })
    await user.click(anotherType)
    const dialog = await screen.findByRole('dialog', { name: 'File under another type' })
    const type = await within(dialog).findByRole('combobox', { name: 'Type' })
    await waitFor(() => expect(type).toHaveFocus())

    await user.click(type)
    await user.click(await screen.findByRole('option', { name: 'Timing' }))
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(question()).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(anotherType).toHaveFocus())
    expect(sent(/feedback/)).toEqual([])
  })
})
