import '@/test-support/dom-polyfills'
import type { Objection } from '@dealcoach/contracts/objections'
import { type AnyRootRoute, createRoute } from '@tanstack/react-router'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '@/components/ui/toast'
import {
  REPORT_FILTERS_STORAGE,
  storedReportSearch,
  withReportSearch,
} from '@/features/objection-report/lib/report-filters'
import { setAccessToken } from '@/lib/access-token'
import { periodIsoDates } from '@/lib/dates/periods'
import { signInAs } from '@/test-support/deals-area-setup'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  CALL_ID,
  callFixture,
  callUtterances,
  DEAL_ID,
  dealFixture,
} from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import {
  objectionFixture,
  objectionTypeFixture,
} from '@/test-support/fake-api/fixtures/objection-type-fixtures'
import { pipelineFixture } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { meFixture, teamMemberOf } from '@/test-support/fake-api/fixtures/user-fixtures'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { initialDealScreenArea } from '@/test-support/fake-api/routes/deal-screen-routes'
import { renderWithRouter } from '@/test-support/render-with-router'
import { useCurrentPipelineStore } from '@/stores/current-pipeline'
import { ObjectionsHandlingScreen } from './-objections-handling-screen'
import { objectionsHandlingSearch, objectionsHandlingSearchMiddlewares } from './index'

const id = (suffix: number) => `00000000-0000-4000-8000-${suffix.toString(16).padStart(12, '0')}`

const PRICE = id(0xa01)
const TIMING = id(0xa02)
const BETA = id(0xd02)
const GAMMA = id(0xd03)
const me = meFixture()
const grace = teamMemberOf(
  meFixture({
    id: id(0xe01),
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    role: 'member',
  }),
)

const objection = (suffix: number, typeId: string, overrides: Partial<Objection>) =>
  objectionFixture(typeId, { id: id(suffix), engagement_id: CALL_ID, ...overrides })

/** Two types raised five times over three deals: one of Ada's, one of Grace's, one nobody owns. */
function seedReport() {
  fakeApi.seed({
    users: [teamMemberOf(me), grace],
    pipelines: [pipelineFixture()],
    objectionTypes: [
      objectionTypeFixture({ id: PRICE, name: 'Price / budget' }),
      objectionTypeFixture({ id: TIMING, name: 'Timing', examples: ['Not this quarter.'] }),
      objectionTypeFixture({ id: id(0xa03), name: 'Authority' }),
    ],
    objections: [
      objection(0xb01, PRICE, {
        deal_id: DEAL_ID,
        deal_name: 'Acme rollout',
        text: 'That seems expensive for us.',
        response: 'It pays for itself in two months.',
        handling_score: 0.9,
        occurred_at: '2026-02-10T09:32:05.000Z',
      }),
      objection(0xb02, PRICE, {
        deal_id: BETA,
        deal_name: 'Beta renewal',
        text: 'Your competitor is cheaper.',
        response: 'They leave out the reporting.',
        handling_score: 0.6,
        occurred_at: '2026-02-12T10:00:00.000Z',
      }),
      objection(0xb03, PRICE, {
        deal_id: GAMMA,
        deal_name: 'Gamma pilot',
        text: 'We have no budget this year.',
        response: null,
        handled: false,
        handling_score: 0.2,
        occurred_at: '2026-02-20T10:00:00.000Z',
      }),
      objection(0xb04, TIMING, {
        deal_id: DEAL_ID,
        deal_name: 'Acme rollout',
        text: 'Call us again next quarter.',
        handled: false,
        handling_score: 0.3,
        occurred_at: '2026-02-11T10:00:00.000Z',
      }),
      objection(0xb05, TIMING, {
        deal_id: BETA,
        deal_name: 'Beta renewal',
        text: 'Not before the summer.',
        handling_score: 0.7,
        occurred_at: '2026-03-02T10:00:00.000Z',
      }),
    ],
    dealsArea: {
      ...initialDealsArea(),
      deals: [
        dealFixture(),
        dealFixture({ id: BETA, name: 'Beta renewal', status: 'won', owner_id: grace.id }),
        dealFixture({ id: GAMMA, name: 'Gamma pilot', status: 'lost', owner_id: null }),
      ],
      engagements: [callFixture()],
    },
    dealScreen: {
      ...initialDealScreenArea(),
      details: { [CALL_ID]: { utterances: callUtterances, body: '' } },
    },
  })
}

/** The page as the app routes it: its search parsed and defaults stripped, changes in place. */
function renderPage(path = '/objections-handling/') {
  const routes = (root: AnyRootRoute) => {
    const page = createRoute({
      getParentRoute: () => root,
      path: '/objections-handling/',
      validateSearch: objectionsHandlingSearch,
      search: { middlewares: objectionsHandlingSearchMiddlewares },
      component: function Page() {
        const search = page.useSearch()
        const navigate = page.useNavigate()
        return (
          <ObjectionsHandlingScreen
            search={search}
            writeSearch={(next) =>
              void navigate({
                // The router types a test route's search too narrowly to name it here.
                search: ((previous: object) => withReportSearch(previous, next)) as never,
                replace: true,
              })
            }
          />
        )
      },
    })
    return [
      page,
      createRoute({
        getParentRoute: () => root,
        path: '/deals/$dealId/',
        component: () => <p>Deal page</p>,
      }),
      createRoute({
        getParentRoute: () => root,
        path: '/configure/objections/',
        component: () => <p>Objection types</p>,
      }),
    ]
  }
  return renderWithRouter(<p>Home</p>, { path, routes })
}

type Router = ReturnType<typeof renderPage>
const searchOf = (router: Router) => router.state.location.search as Record<string, unknown>
const lastRequest = (path: string) =>
  fakeApi
    .requests()
    .filter((request) => request.path === path)
    .at(-1)?.url ?? ''

const typeTable = () => screen.findByRole('table', { name: 'Objections per type' })
async function typeRow(name: RegExp) {
  return within(await typeTable()).findByRole('row', { name })
}

beforeEach(() => {
  signInAs('admin')
  localStorage.clear()
})

afterEach(() => {
  setAccessToken(null)
  localStorage.clear()
  vi.clearAllMocks()
})

describe('the objection-handling report: filters (the dashboard’s URL habits)', () => {
  it('lets the URL win over stored filters, fills what it leaves out, and stores the result', async () => {
    seedReport()
    localStorage.setItem(
      REPORT_FILTERS_STORAGE,
      JSON.stringify({ objections_period: 'thisYear', objections_owner: me.id }),
    )
    const router = renderPage(`/objections-handling/?objections_owner=${grace.id}`)

    await waitFor(() =>
      expect(searchOf(router)).toMatchObject({
        objections_owner: grace.id,
        objections_period: 'thisYear',
      }),
    )
    const year = periodIsoDates('thisYear')!
    await waitFor(() =>
      expect(lastRequest('/v1/objections/common-objections-analysis')).toContain(
        `ownerId=${grace.id}&engagement_timestamp.gte=${year.startDate}`,
      ),
    )
    expect(lastRequest('/v1/objections/analysis/handling-stats')).toContain(
      `engagement_timestamp.lte=${year.endDate}T23%3A59%3A59.999Z`,
    )
    expect(JSON.parse(localStorage.getItem(REPORT_FILTERS_STORAGE) ?? '{}')).toMatchObject({
      objections_owner: grace.id,
      objections_period: 'thisYear',
    })
    expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveTextContent('Grace Hopper')
  })

  it('writes a chosen filter to the URL and storage, leaves defaults out, and clears back to all', async () => {
    const user = userEvent.setup()
    seedReport()
    const router = renderPage(
      '/objections-handling/?objections_period=allTime&objections_tab=report',
    )
    await typeTable()
    // The defaults say nothing.
    await waitFor(() => expect(searchOf(router)).toEqual({}))

    await user.click(screen.getByRole('combobox', { name: 'Objection type' }))
    await user.click(await screen.findByRole('option', { name: 'Timing' }))
    await waitFor(() => expect(searchOf(router)).toEqual({ objections_type: TIMING }))
    await waitFor(() =>
      expect(lastRequest('/v1/objections/common-objections-analysis')).toContain(
        `objection_type_id.eq=${TIMING}`,
      ),
    )
    expect(JSON.parse(localStorage.getItem(REPORT_FILTERS_STORAGE) ?? '{}')).toEqual({
      objections_type: TIMING,
    })

    await user.click(screen.getByRole('combobox', { name: 'Raised' }))
    await user.click(await screen.findByRole('option', { name: 'Custom dates' }))
    await user.type(screen.getByLabelText('From'), '2026-02-01')
    await user.type(screen.getByLabelText('To'), '2026-02-28')
    await waitFor(() =>
      expect(searchOf(router)).toMatchObject({
        objections_period: 'custom',
        objections_startDate: '2026-02-01',
        objections_endDate: '2026-02-28',
      }),
    )
    await waitFor(() =>
      expect(lastRequest('/v1/objections/analysis')).toContain(
        'created.gte=2026-02-01&created.lt=2026-03-01',
      ),
    )

    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(searchOf(router)).toEqual({}))
    expect(JSON.parse(localStorage.getItem(REPORT_FILTERS_STORAGE) ?? '{}')).toEqual({})
  })
})

describe('the objection-handling report: the header’s pipeline', () => {
  const RENEWALS = id(0xf01)

  afterEach(() => useCurrentPipelineStore.getState().setPipelineId(null))

  it('shows the header’s pipeline until the report’s own filter chooses another, or all, which the URL keeps', async () => {
    const user = userEvent.setup()
    seedReport()
    fakeApi.seed({
      pipelines: [pipelineFixture(), pipelineFixture({ id: RENEWALS, name: 'Renewals' })],
    })
    useCurrentPipelineStore.getState().setPipelineId(RENEWALS)
    const router = renderPage()
    const pipeline = await screen.findByRole('combobox', { name: 'Pipeline' })
    await waitFor(() => expect(pipeline).toHaveTextContent('Renewals'))
    await waitFor(() =>
      expect(lastRequest('/v1/objections/common-objections-analysis')).toContain(
        `pipelineId=${RENEWALS}`,
      ),
    )
    expect(searchOf(router)).toEqual({})

    await user.click(pipeline)
    await user.click(await screen.findByRole('option', { name: 'All pipelines' }))
    await waitFor(() => expect(searchOf(router)).toEqual({ objections_pipeline: 'all' }))
    await waitFor(() =>
      expect(lastRequest('/v1/objections/common-objections-analysis')).not.toContain('pipelineId'),
    )
    expect(pipeline).toHaveTextContent('All pipelines')
    // Coming back, the report shows the header’s pipeline again; the URL keeps the choice.
    expect(storedReportSearch()).toEqual({})
  })
})

describe('the objection-handling report: what it shows', () => {
  it('gives per type the count, share and handled rate, and "—" where too few deals compare', async () => {
    seedReport()
    renderPage()

    const price = await typeRow(/Price \/ budget/)
    const cells = within(price).getAllByRole('cell')
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '3',
      '60%',
      '67%',
      // One won and one lost deal on each side: too few to compare.
      '—No rate: too few deals to compare',
      '—No rate: too few deals to compare',
      '—No rate: too few deals to compare',
      '—No rate: too few deals to compare',
    ])
    expect(within(await typeRow(/Timing/)).getAllByRole('cell')[0]).toHaveTextContent('2')
    expect(screen.queryByRole('row', { name: /Authority/ })).not.toBeInTheDocument()
    expect(screen.getByText(/fewer than 3 closed deals/)).toBeInTheDocument()
    // The trend's chart is named in words and has its numbers as a table.
    expect(screen.getByRole('img', { name: /5 objections raised over/ })).toBeInTheDocument()
    const trend = screen.getByRole('table', { name: 'Objections raised per week and type' })
    // A header, then the weeks of 9 and 16 February and of 2 March.
    expect(within(trend).getAllByRole('row')).toHaveLength(4)
  })

  it('shows per rep the objections met and handled per type, unassigned deals as such', async () => {
    seedReport()
    renderPage()

    const reps = await screen.findByRole('table', {
      name: 'Handled rate per rep and objection type',
    })
    const ada = within(reps).getByRole('row', { name: /Ada Lovelace/ })
    expect(
      within(ada)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '50%', '100% (1 of 1)', '0% (0 of 1)'])
    const unassigned = within(reps).getByRole('row', { name: /Unassigned deals/ })
    expect(within(unassigned).getAllByRole('cell')[3]).toHaveTextContent('—Not met')
  })

  it('drills into a type: its quotes with reply, verdict, deal and date, and its best answers', async () => {
    const user = userEvent.setup()
    seedReport()
    const router = renderPage()

    await user.click(await screen.findByRole('button', { name: 'Price / budget: show its quotes' }))
    await waitFor(() => expect(searchOf(router)).toEqual({ objections_type: PRICE }))
    expect(
      await screen.findByRole('heading', { name: 'Price / budget: quotes and answers' }),
    ).toBeInTheDocument()

    const quotes = await screen.findByRole('list', { name: 'Every quote' })
    const items = within(quotes).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    // Newest first.
    expect(items[0]).toHaveTextContent('We have no budget this year.')
    expect(items[0]).toHaveTextContent('No reply was found.')
    expect(within(items[0]!).getByText('Not handled')).toBeInTheDocument()
    expect(within(items[0]!).getByText('Lost')).toBeInTheDocument()
    expect(items[2]).toHaveTextContent('It pays for itself in two months.')
    expect(items[2]).toHaveTextContent('Score 90%')
    expect(lastRequest('/v1/objections/analysis')).toMatch(
      new RegExp(`objection_type_id.eq=${PRICE}&page=1&page_size=30$`),
    )

    const best = screen.getByRole('list', { name: 'Best answers' })
    expect(
      within(best)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['“That seems expensive for us.”', '“Your competitor is cheaper.”'])
    const bestRequest = fakeApi
      .requests()
      .find((request) => request.url.includes('handled.eq=true'))?.url
    expect(bestRequest).toContain(
      'handled.eq=true&order_by=handling_score&direction=desc&page_size=5',
    )

    await user.click(within(items[2]!).getByRole('link', { name: 'Acme rollout' }))
    expect(await screen.findByText('Deal page')).toBeInTheDocument()
  })

  it('pages the quotes 30 at a time with "Show more"', async () => {
    const user = userEvent.setup()
    seedReport()
    fakeApi.state.objections.push(
      ...Array.from({ length: 30 }, (_, index) =>
        objection(0xc00 + index, PRICE, {
          deal_id: DEAL_ID,
          text: `Too expensive, take ${index}.`,
          occurred_at: '2026-01-05T10:00:00.000Z',
        }),
      ),
    )
    renderPage(`/objections-handling/?objections_type=${PRICE}`)

    const quotes = await screen.findByRole('list', { name: 'Every quote' })
    expect(within(quotes).getAllByRole('listitem')).toHaveLength(30)
    expect(screen.getByText('30 of 33 quotes')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(within(quotes).getAllByRole('listitem')).toHaveLength(33))
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument()
  })

  it('opens a quote in its transcript with the sentence marked', async () => {
    const user = userEvent.setup()
    seedReport()
    renderPage(`/objections-handling/?objections_type=${PRICE}`)

    const quotes = await screen.findByRole('list', { name: 'Every quote' })
    const acme = within(quotes).getAllByRole('listitem')[2]!
    await user.click(within(acme).getByRole('button', { name: /Open in transcript/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Discovery call' })
    const marked = await within(dialog).findByText('That seems expensive for us.', {
      selector: 'mark',
    })
    expect(marked).toBeInTheDocument()
  })
})

describe('the objection-handling report: corrections', () => {
  it('drops a rejected quote from the counts at once, and Undo puts it back', async () => {
    const user = userEvent.setup()
    seedReport()
    renderPage(`/objections-handling/?objections_type=${PRICE}`)

    const quotes = await screen.findByRole('list', { name: 'Every quote' })
    const gamma = within(quotes).getAllByRole('listitem')[0]!
    await user.click(within(gamma).getByRole('button', { name: 'Not an objection' }))

    await waitFor(async () =>
      expect(within(await typeRow(/Price/)).getAllByRole('cell')[0]).toHaveTextContent('2'),
    )
    expect(fakeApi.writes()).toEqual([
      {
        method: 'POST',
        url: `/v1/objections/${id(0xb03)}/feedback`,
        body: { verdict: 'not_objection' },
      },
    ])
    await waitFor(() => expect(within(quotes).getAllByRole('listitem')).toHaveLength(2))
    expect(notify.success).toHaveBeenCalledWith(
      'Marked as not an objection. The counts no longer include it.',
      expect.anything(),
    )

    const options = vi.mocked(notify.success).mock.calls[0]?.[1] as {
      action: { label: string; onClick: () => void }
    }
    expect(options.action.label).toBe('Undo')
    options.action.onClick()
    await waitFor(async () =>
      expect(within(await typeRow(/Price/)).getAllByRole('cell')[0]).toHaveTextContent('3'),
    )
    expect(fakeApi.writes().at(-1)).toMatchObject({ method: 'DELETE' })
    expect(fakeApi.state.objectionFeedback).toEqual([])
  })

  it('moves a quote to another active type, which then counts it', async () => {
    const user = userEvent.setup()
    seedReport()
    renderPage()

    await user.click(await screen.findByRole('button', { name: 'Price / budget: show its quotes' }))
    const quotes = await screen.findByRole('list', { name: 'Every quote' })
    await user.click(within(quotes).getAllByRole('button', { name: 'Another type…' })[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'File under another type' })
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }))
    // The quote's own type is not offered.
    expect(screen.queryByRole('option', { name: 'Price / budget' })).not.toBeInTheDocument()
    await user.click(await screen.findByRole('option', { name: 'Timing' }))
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))

    await waitFor(() =>
      expect(fakeApi.writes()[0]?.body).toEqual({
        verdict: 'other_type',
        objection_type_id: TIMING,
      }),
    )
    await user.click(screen.getByRole('button', { name: 'Back to all types' }))
    await waitFor(async () =>
      expect(within(await typeRow(/Timing/)).getAllByRole('cell')[0]).toHaveTextContent('3'),
    )
    expect(notify.success).toHaveBeenCalledWith('Moved to Timing.', expect.anything())
  })

  it('lists the corrections with who made them, and undoes one from there', async () => {
    const user = userEvent.setup()
    seedReport()
    fakeApi.state.objectionFeedback.push({
      id: id(0xf01),
      objection_id: id(0xb02),
      verdict: 'not_objection',
      corrected_type_id: null,
      user_id: me.id,
      created_at: '2026-03-01T10:00:00.000Z',
    })
    const router = renderPage()
    await typeTable()

    await user.click(screen.getByRole('tab', { name: 'Corrections' }))
    await waitFor(() => expect(searchOf(router)).toEqual({ objections_tab: 'corrections' }))
    const table = await screen.findByRole('table', { name: 'Corrections, newest first' })
    const row = within(table).getByRole('row', { name: /Your competitor is cheaper/ })
    expect(row).toHaveTextContent('Not an objection')
    expect(row).toHaveTextContent('Ada Lovelace')
    await user.click(
      within(row).getByRole('button', {
        name: 'Undo the correction of “Your competitor is cheaper.”',
      }),
    )
    expect(await screen.findByText(/No corrections yet/)).toBeInTheDocument()
    expect(notify.success).toHaveBeenCalledWith('Correction undone.')
  })

  it('lets an admin promote a quote to an example of its type', async () => {
    const user = userEvent.setup()
    seedReport()
    renderPage(`/objections-handling/?objections_type=${TIMING}`)

    const quotes = await screen.findByRole('list', { name: 'Every quote' })
    await user.click(within(quotes).getAllByRole('button', { name: 'Use as an example' })[0]!)
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Added as an example of Timing.'),
    )
    expect(fakeApi.state.objectionTypes.find((type) => type.id === TIMING)?.examples).toContain(
      'Not before the summer.',
    )
  })

  it('shows members the corrections but not the promotion, nor undo of a colleague’s', async () => {
    const user = userEvent.setup()
    signInAs('member', grace)
    seedReport()
    fakeApi.seed({ me: { ...me, id: grace.id, role: 'member' } })
    fakeApi.state.objectionFeedback.push({
      id: id(0xf01),
      objection_id: id(0xb05),
      verdict: 'not_objection',
      corrected_type_id: null,
      user_id: me.id,
      created_at: '2026-03-01T10:00:00.000Z',
    })
    renderPage(`/objections-handling/?objections_type=${PRICE}`)

    const quotes = await screen.findByRole('list', { name: 'Every quote' })
    expect(within(quotes).getAllByRole('button', { name: 'Not an objection' })).toHaveLength(3)
    expect(within(quotes).getAllByRole('button', { name: 'Another type…' })).toHaveLength(3)
    expect(screen.queryByRole('button', { name: 'Use as an example' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Corrections' }))
    const table = await screen.findByRole('table', { name: 'Corrections, newest first' })
    expect(within(table).getByRole('row', { name: /Not before the summer/ })).toBeInTheDocument()
    expect(within(table).queryByRole('button')).not.toBeInTheDocument()
  })

  it('says in its own words why a correction was refused', async () => {
    const user = userEvent.setup()
    seedReport()
    fakeApi.failNext('POST /v1/objections/:id/feedback', {
      status: 404,
      code: 'not_found',
      message: 'Objection not found',
    })
    renderPage(`/objections-handling/?objections_type=${PRICE}`)

    const quotes = await screen.findByRole('list', { name: 'Every quote' })
    await user.click(within(quotes).getAllByRole('button', { name: 'Not an objection' })[0]!)
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'This objection is no longer there. The report has been read again.',
      ),
    )
  })
})

describe('the objection-handling report: empty, loading and failing', () => {
  afterEach(() => useCurrentPipelineStore.getState().setPipelineId(null))

  it('says what to do when nothing has been analysed yet', async () => {
    fakeApi.seed({ pipelines: [pipelineFixture()] })
    renderPage()

    expect(
      await screen.findByRole('heading', { name: 'No objections analysed yet' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Review objection types' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/configure\/objections\/?$/),
    )
  })

  it('says that the header’s pipeline has none when others may, and offers every pipeline', async () => {
    const user = userEvent.setup()
    const renewals = id(0xf01)
    seedReport()
    fakeApi.seed({
      pipelines: [pipelineFixture(), pipelineFixture({ id: renewals, name: 'Renewals' })],
    })
    // The seeded objections' deals are all in New Business: Renewals has none.
    useCurrentPipelineStore.getState().setPipelineId(renewals)
    const router = renderPage()

    expect(
      await screen.findByRole('heading', { name: 'No analysed objections in this pipeline yet' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'No objections analysed yet' })).toBeNull()
    expect(
      screen.getByText(/Choose another pipeline, or add a call or e-mail to one of its deals\./),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show all pipelines' }))
    await waitFor(() => expect(searchOf(router)).toEqual({ objections_pipeline: 'all' }))
    expect(await typeTable()).toBeInTheDocument()
  })

  it('offers to clear filters that match nothing', async () => {
    const user = userEvent.setup()
    seedReport()
    const router = renderPage(
      '/objections-handling/?objections_period=custom&objections_startDate=2020-01-01&objections_endDate=2020-01-31',
    )

    expect(
      await screen.findByRole('heading', { name: 'No objections match these filters' }),
    ).toBeInTheDocument()
    const clear = screen.getAllByRole('button', { name: 'Clear filters' })
    await user.click(clear.at(-1)!)
    await waitFor(() => expect(searchOf(router)).toEqual({}))
    expect(await typeTable()).toBeInTheDocument()
  })

  it('shows placeholders shaped like the report while it loads', async () => {
    seedReport()
    const held = fakeApi.holdNext('GET /v1/objections/common-objections-analysis')
    renderPage()

    expect(await screen.findByRole('status', { name: 'Loading the report…' })).toBeInTheDocument()
    held.release()
    expect(await typeTable()).toBeInTheDocument()
  })

  it('shows the error view when the report fails, and tries again', async () => {
    const user = userEvent.setup()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    seedReport()
    fakeApi.failNext('GET /v1/objections/common-objections-analysis', {
      status: 500,
      code: 'internal',
      message: 'Database exploded',
    })
    renderPage()

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The report could not be loaded')
    expect(alert).not.toHaveTextContent('Database exploded')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await typeTable()).toBeInTheDocument()
  })
})
