import '@/test-support/dom-polyfills'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '@/components/ui/toast'
import type { Deal } from '@/entities/deal/api/types'
import { setAccessToken } from '@/lib/access-token'
import { periodIsoDates } from '@/lib/dates/periods'
import { seedDealsArea, signInAs } from '@/test-support/deals-area-setup'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { dealFixture } from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import { PIPELINE_ID, STAGE } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { meFixture, teamMemberOf } from '@/test-support/fake-api/fixtures/user-fixtures'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { boardColumn, renderPipelineOverview } from './-pipeline-overview-test-page'

const me = meFixture()
const colleague = teamMemberOf(
  meFixture({
    id: '00000000-0000-4000-8000-0000000000e1',
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    role: 'member',
  }),
)

const dealId = (index: number) =>
  `00000000-0000-4000-8000-${(0xd00 + index).toString(16).padStart(12, '0')}`

const acme = () =>
  dealFixture({
    assessment: { confidence: 64, solution_fit_tier: 2, analysed_at: '2026-02-10T10:00:00.000Z' },
    last_activity_at: new Date().toISOString(),
  })
const globex = () =>
  dealFixture({
    id: dealId(1),
    name: 'Globex pilot',
    account_name: 'Globex',
    stage_id: STAGE.demo,
    owner_id: colleague.id,
    amount: 5000,
    currency: 'USD',
    close_date: null,
    status: 'won',
    last_activity_at: null,
    confidence: null,
  })

function seed(deals: Deal[]) {
  fakeApi.seed({
    users: [teamMemberOf(me), colleague],
    dealsArea: { ...initialDealsArea(), deals },
  })
}

/** The board's columns, in the order shown. */
const stageNames = () =>
  screen
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.querySelector('span')?.textContent)

const deals = (request: { url: string }) => request.url.startsWith('/v1/deals?')

beforeEach(() => {
  seedDealsArea()
  signInAs('admin')
})

afterEach(() => {
  setAccessToken(null)
  vi.mocked(notify.error).mockClear()
})

describe('the pipeline board', () => {
  it('shows a column per stage, in order, with its count and its deals’ cards', async () => {
    seed([acme(), globex()])
    renderPipelineOverview()
    const discovery = await boardColumn('Discovery')
    expect(await discovery.findByRole('link', { name: 'Acme rollout' })).toHaveAttribute(
      'href',
      `/deals/${acme().id}`,
    )
    const card = discovery.getByRole('article', { name: 'Acme rollout' })
    for (const text of ['Acme Corp', 'Ada Lovelace', '€12,000', '5 Mar, 2026', '64%']) {
      expect(within(card).getByText(text)).toBeInTheDocument()
    }
    expect(within(card).getByText('Strong fit')).toBeInTheDocument()
    expect(within(card).getByText('Active')).toBeInTheDocument()
    expect(discovery.getByRole('heading', { name: 'Discovery 1 deal' })).toBeInTheDocument()

    const demo = await boardColumn('Demo')
    const other = await demo.findByRole('article', { name: 'Globex pilot' })
    for (const text of ['Grace Hopper', '$5,000', '-', 'Not analysed yet', 'Won']) {
      expect(within(other).getByText(text)).toBeInTheDocument()
    }
    // Staleness says something of open deals only: a won deal with no activity is not "Stale".
    expect(within(other).queryByText('Stale')).toBeNull()
    const proposal = await boardColumn('Proposal')
    expect(await proposal.findByText(/No deals in this stage/)).toBeInTheDocument()
    expect(stageNames()).toEqual(['Discovery', 'Demo', 'Proposal'])
    expect(screen.getByRole('heading', { name: 'Proposal 0 deals' })).toBeInTheDocument()

    // Each column asks for its own stage, 100 at a time, with the assessments (spec §7, §9).
    const asked = fakeApi.requests().filter(deals)
    expect(asked.map((request) => request.url)).toContainEqual(
      expect.stringMatching(
        new RegExp(`stageIds=${STAGE.demo}.*includes=owner%2Cassessment&page=1&perPage=100`),
      ),
    )
  })

  it('loads a column past 100 deals a page at a time', async () => {
    seed(
      Array.from({ length: 130 }, (_, index) =>
        dealFixture({ id: dealId(index), name: `Deal ${index + 1}` }),
      ),
    )
    const user = userEvent.setup()
    renderPipelineOverview()
    const discovery = await boardColumn('Discovery')
    await discovery.findByText('Deal 1')
    const section = screen.getByRole('heading', { name: 'Discovery 130 deals' }).closest('section')!
    const cards = () => section.querySelectorAll('[data-slot="deal-card"]').length
    expect(cards()).toBe(100)
    await user.click(discovery.getByRole('button', { name: 'Show more (30 left)' }))
    await discovery.findByText('Deal 130')
    expect(cards()).toBe(130)
    expect(discovery.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument()
    expect(fakeApi.requests().some((request) => /page=2&perPage=100/.test(request.url))).toBe(true)
  })

  it('moves a deal from its menu: PATCHes the stage and shows it in the new column', async () => {
    seed([acme(), globex()])
    const user = userEvent.setup()
    renderPipelineOverview()
    const discovery = await boardColumn('Discovery')
    await user.click(
      await discovery.findByRole('button', { name: 'Move Acme rollout to another stage' }),
    )
    await user.click(await screen.findByRole('menuitem', { name: 'Proposal' }))

    const proposal = await boardColumn('Proposal')
    expect(await proposal.findByRole('link', { name: 'Acme rollout' })).toBeInTheDocument()
    expect(discovery.queryByRole('link', { name: 'Acme rollout' })).not.toBeInTheDocument()
    expect(fakeApi.writes()).toEqual([
      {
        method: 'PATCH',
        url: `/v1/deals/${acme().id}`,
        body: { stage_id: STAGE.proposal },
      },
    ])
    await waitFor(() =>
      expect(proposal.getByRole('heading', { name: 'Proposal 1 deal' })).toBeInTheDocument(),
    )
    expect(discovery.getByRole('heading', { name: 'Discovery 0 deals' })).toBeInTheDocument()
    expect(fakeApi.state.dealsArea.deals[0]?.stage_id).toBe(STAGE.proposal)
  })

  it('puts the deal back and says so when the move fails', async () => {
    seed([acme()])
    fakeApi.failNext('PATCH /v1/deals/:id', {
      status: 500,
      code: 'internal',
      message: 'Internal error',
    })
    const user = userEvent.setup()
    renderPipelineOverview()
    const discovery = await boardColumn('Discovery')
    await user.click(
      await discovery.findByRole('button', { name: 'Move Acme rollout to another stage' }),
    )
    await user.click(await screen.findByRole('menuitem', { name: 'Demo' }))
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Acme rollout could not be moved to Demo. It is back in its stage; try again.',
      ),
    )
    expect(await discovery.findByRole('link', { name: 'Acme rollout' })).toBeInTheDocument()
    const demo = await boardColumn('Demo')
    expect(demo.queryByRole('link', { name: 'Acme rollout' })).not.toBeInTheDocument()
  })

  it('lets a member move only their own deals', async () => {
    signInAs('member')
    seed([acme(), globex()])
    renderPipelineOverview()
    const discovery = await boardColumn('Discovery')
    await discovery.findByRole('link', { name: 'Acme rollout' })
    expect(discovery.getByRole('button', { name: 'Drag Acme rollout' })).toBeInTheDocument()
    const demo = await boardColumn('Demo')
    await demo.findByRole('link', { name: 'Globex pilot' })
    expect(demo.queryByRole('button', { name: /Globex pilot/ })).not.toBeInTheDocument()
  })
})

describe('the pipeline overview’s filters and views', () => {
  it('reads the filters from the URL, asks the server with them and writes changes back', async () => {
    seed([acme(), globex()])
    const user = userEvent.setup()
    const router = renderPipelineOverview(
      `/pipeline-overview/?stages=${STAGE.demo}&statuses=won&owner=${colleague.id}&searchQuery=glo`,
    )
    const demo = await boardColumn('Demo')
    await demo.findByRole('link', { name: 'Globex pilot' })
    // Only the chosen stage is a column.
    expect(stageNames()).toEqual(['Demo'])
    const asked = fakeApi.requests().filter(deals).at(-1)?.url ?? ''
    for (const part of [
      `ownerId=${colleague.id}`,
      'statuses=won',
      'searchQuery=glo',
      `stageIds=${STAGE.demo}`,
    ]) {
      expect(asked).toContain(part)
    }
    expect(screen.getByRole('searchbox', { name: 'Search deals' })).toHaveValue('glo')

    // Spec §4: a stage ticked while one is chosen is added; All Stages selects only itself.
    await user.click(screen.getByRole('button', { name: /^Stages:/ }))
    await user.click(await screen.findByRole('checkbox', { name: 'Proposal' }))
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({
        stages: `${STAGE.demo},${STAGE.proposal}`,
      }),
    )
    // Spec §9: lists are comma-separated in the URL.
    expect(decodeURIComponent(router.state.location.searchStr)).toContain(
      `stages=${STAGE.demo},${STAGE.proposal}`,
    )
    await user.click(screen.getByRole('checkbox', { name: 'All stages' }))
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('stages'))
    await user.keyboard('{Escape}')

    await user.click(screen.getByRole('button', { name: 'Table' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: 'table' }))
    expect(await screen.findByRole('columnheader', { name: /Amount/ })).toBeInTheDocument()
    expect(router.state.location.search).toMatchObject({
      owner: colleague.id,
      statuses: 'won',
      searchQuery: 'glo',
    })

    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ view: 'table', pipeline: PIPELINE_ID }),
    )
    // Worded as the dashboard's owner filter words it.
    expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveTextContent('All owners')
  })

  it('filters by activity (staleness.in), kept in the URL and cleared with the others', async () => {
    const quiet = () =>
      dealFixture({
        id: dealId(2),
        name: 'Initech renewal',
        account_name: 'Initech',
        last_activity_at: new Date(Date.now() - 14 * 24 * 3600 * 1000).toISOString(),
      })
    seed([acme(), quiet()])
    const user = userEvent.setup()
    const router = renderPipelineOverview(`/pipeline-overview/?staleness=cooling,bogus`)
    const discovery = await boardColumn('Discovery')
    await discovery.findByRole('link', { name: 'Initech renewal' })
    expect(discovery.queryByRole('link', { name: 'Acme rollout' })).toBeNull()
    // A level the server does not know is dropped from the URL and never asked for.
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ staleness: 'cooling' }),
    )
    expect(fakeApi.requests().filter(deals).at(-1)?.url).toContain('staleness.in=cooling')
    const filter = screen.getByRole('button', { name: /^Activity:/ })
    expect(filter).toHaveTextContent('Cooling')

    await user.click(filter)
    await user.click(await screen.findByRole('checkbox', { name: 'Active' }))
    // In the levels' usual order, as the other lists.
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ staleness: 'active,cooling' }),
    )
    expect(decodeURIComponent(router.state.location.searchStr)).toContain(
      'staleness=active,cooling',
    )
    await discovery.findByRole('link', { name: 'Acme rollout' })
    expect(decodeURIComponent(fakeApi.requests().filter(deals).at(-1)?.url ?? '')).toContain(
      'staleness.in=active,cooling',
    )
    await user.click(screen.getByRole('checkbox', { name: 'Cooling' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ staleness: 'active' }))
    await waitFor(() =>
      expect(discovery.queryByRole('link', { name: 'Initech renewal' })).toBeNull(),
    )
    await user.keyboard('{Escape}')

    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('staleness'))
    expect(screen.getByRole('button', { name: /^Activity:/ })).toHaveTextContent('Any activity')
    await discovery.findByRole('link', { name: 'Initech renewal' })
  })

  it('writes the table’s close date and last activity in the spec’s close-date form (§9)', async () => {
    seed([
      dealFixture({ close_date: '2026-03-05', last_activity_at: '2026-02-10T10:00:00.000Z' }),
      globex(),
    ])
    renderPipelineOverview(`/pipeline-overview/?pipeline=${PIPELINE_ID}&view=table`)
    // The table's row (phones get the same deals as a list).
    const rowOf = (name: string) =>
      screen
        .getAllByRole('link', { name })
        .map((link) => link.closest('tr'))
        .find((row) => row !== null)!
    await screen.findAllByRole('link', { name: dealFixture().name })
    const acmeRow = rowOf(dealFixture().name)
    const cells = Array.from(acmeRow.querySelectorAll('td'), (cell) => cell.textContent)
    expect(cells).toContain('5 Mar, 2026')
    expect(cells).toContain('10 Feb, 2026')
    const globexRow = rowOf('Globex pilot')
    // Spec §9: a missing date shows '-'.
    expect(Array.from(globexRow.querySelectorAll('td'), (cell) => cell.textContent)).toContain('-')
  })

  it('sorts the table’s amounts within each currency and says so, never $20,000 between €12,000 and €800 (QA 3)', async () => {
    seed([
      acme(),
      globex(),
      dealFixture({ id: dealId(2), name: 'Hooli deal', amount: 20000, currency: 'USD' }),
      dealFixture({ id: dealId(3), name: 'Umbrella deal', amount: 800, currency: 'EUR' }),
    ])
    renderPipelineOverview(`/pipeline-overview/?pipeline=${PIPELINE_ID}&view=table&sort=-amount`)
    await screen.findAllByRole('link', { name: 'Hooli deal' })
    const table = screen.getByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.querySelector('a')?.textContent)).toEqual([
      'Acme rollout',
      'Umbrella deal',
      'Hooli deal',
      'Globex pilot',
    ])
    expect(
      screen.getByText(
        'Sorted by currency, then by amount: amounts in different currencies are not compared.',
      ),
    ).toBeInTheDocument()
  })

  it('shows when each deal was added, newest first as an import’s “See the deals” opens it', async () => {
    seed([
      dealFixture({ created_at: '2026-01-12T09:00:00.000Z' }),
      dealFixture({ id: dealId(2), name: 'Hooli deal', created_at: '2026-02-20T09:00:00.000Z' }),
    ])
    renderPipelineOverview(
      `/pipeline-overview/?pipeline=${PIPELINE_ID}&view=table&sort=-created_at`,
    )
    await screen.findAllByRole('link', { name: 'Hooli deal' })
    const table = screen.getByRole('table')
    expect(within(table).getByRole('columnheader', { name: /Added/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.querySelector('a')?.textContent)).toEqual([
      'Hooli deal',
      dealFixture().name,
    ])
    expect(Array.from(rows[0]!.querySelectorAll('td'), (cell) => cell.textContent)).toContain(
      '20 Feb, 2026',
    )
  })

  it('says nothing of currencies when the amounts sorted share one', async () => {
    seed([acme(), dealFixture({ id: dealId(3), name: 'Umbrella deal', amount: 800 })])
    renderPipelineOverview(`/pipeline-overview/?pipeline=${PIPELINE_ID}&view=table&sort=-amount`)
    await screen.findAllByRole('link', { name: 'Umbrella deal' })
    expect(screen.queryByText(/Sorted by currency/)).toBeNull()
  })

  it('says a deal has no owner in the table and the phone list, as its board card does', async () => {
    seed([dealFixture({ owner_id: null }), globex()])
    renderPipelineOverview(`/pipeline-overview/?pipeline=${PIPELINE_ID}&view=table`)
    const [tableLink, listLink] = await screen.findAllByRole('link', { name: dealFixture().name })
    const row = tableLink!.closest('tr')!
    expect(Array.from(row.querySelectorAll('td'), (cell) => cell.textContent)).toContain('No owner')
    expect(within(listLink!.closest('li')!).getByText('No owner')).toBeInTheDocument()
  })

  it('turns a period into close-date bounds and keeps custom dates as typed', async () => {
    seed([acme()])
    const user = userEvent.setup()
    const router = renderPipelineOverview('/pipeline-overview/?period=custom&startDate=2026-03-01')
    await (await boardColumn('Discovery')).findByRole('link', { name: 'Acme rollout' })
    expect(fakeApi.requests().filter(deals).at(-1)?.url).toContain('closeDateGte=2026-03-01')
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-01')
    await user.type(screen.getByLabelText('To'), '2026-03-31')
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({
        period: 'custom',
        startDate: '2026-03-01',
        endDate: '2026-03-31',
      }),
    )
  })

  it('shows dates without a period as custom dates, which the deals are filtered by', async () => {
    seed([acme(), dealFixture({ id: dealId(2), name: 'Initech trial', close_date: '2027-01-15' })])
    const router = renderPipelineOverview(
      `/pipeline-overview/?pipeline=${PIPELINE_ID}&startDate=2027-01-01&endDate=2027-01-31`,
    )
    const discovery = await boardColumn('Discovery')
    await discovery.findByRole('link', { name: 'Initech trial' })
    expect(discovery.queryByRole('link', { name: 'Acme rollout' })).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Close date' })).toHaveTextContent('Custom dates')
    expect(screen.getByLabelText('From')).toHaveValue('2027-01-01')
    expect(screen.getByLabelText('To')).toHaveValue('2027-01-31')
    expect(fakeApi.requests().filter(deals).at(-1)?.url).toContain(
      'closeDateGte=2027-01-01&closeDateLte=2027-01-31',
    )
    // The URL says so too, in place of the entry.
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        pipeline: PIPELINE_ID,
        period: 'custom',
        startDate: '2027-01-01',
        endDate: '2027-01-31',
      }),
    )
    expect(router.history.length).toBe(1)
  })

  it('works a stale preset link’s dates out afresh, in the URL too', async () => {
    seed([acme()])
    const router = renderPipelineOverview(
      `/pipeline-overview/?pipeline=${PIPELINE_ID}&period=yesterday&startDate=2026-11-20&endDate=2026-11-20`,
    )
    const yesterday = periodIsoDates('yesterday')!.startDate
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        pipeline: PIPELINE_ID,
        period: 'yesterday',
        startDate: yesterday,
        endDate: yesterday,
      }),
    )
    expect(router.history.length).toBe(1)
    expect(await screen.findByRole('combobox', { name: 'Close date' })).toHaveTextContent(
      'Yesterday',
    )
    await waitFor(() =>
      expect(fakeApi.requests().filter(deals).at(-1)?.url).toContain(
        `closeDateGte=${yesterday}&closeDateLte=${yesterday}`,
      ),
    )
  })

  it('drops an owner who is none and stages that are not the pipeline’s, and never asks for them', async () => {
    seed([acme(), globex()])
    const removedUser = '00000000-0000-4000-8000-0000000000e9'
    const otherStage = '00000000-0000-4000-8000-00000000009a'
    const router = renderPipelineOverview(
      `/pipeline-overview/?pipeline=${PIPELINE_ID}&owner=${removedUser}&stages=${otherStage},${STAGE.demo}&statuses=won,zzz`,
    )
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        pipeline: PIPELINE_ID,
        stages: STAGE.demo,
        statuses: 'won',
      }),
    )
    expect(router.history.length).toBe(1)
    const demo = await boardColumn('Demo')
    await demo.findByRole('link', { name: 'Globex pilot' })
    expect(stageNames()).toEqual(['Demo'])
    expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveTextContent('All owners')
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument()
    const asked = fakeApi.requests().filter(deals)
    expect(asked.length).toBeGreaterThan(0)
    for (const request of asked) {
      expect(request.url).not.toContain(removedUser)
      expect(request.url).not.toContain(otherStage)
    }

    // An owner of the team stays.
    cleanup()
    const kept = renderPipelineOverview(
      `/pipeline-overview/?pipeline=${PIPELINE_ID}&owner=${colleague.id}`,
    )
    await (await boardColumn('Demo')).findByRole('link', { name: 'Globex pilot' })
    expect(screen.getByRole('combobox', { name: 'Owner' })).toHaveTextContent('Grace Hopper')
    expect(kept.state.location.search).toEqual({ pipeline: PIPELINE_ID, owner: colleague.id })
  })

  it('tells what to do when the pipeline has no deals, and when no deal matches', async () => {
    seed([])
    renderPipelineOverview()
    expect(await screen.findByText('No deals in this pipeline yet')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create your first deal' })).toBeInTheDocument()
    cleanup()

    seed([acme()])
    const user = userEvent.setup()
    const router = renderPipelineOverview('/pipeline-overview/?searchQuery=nothing')
    expect(await screen.findByText('No deal matches these filters')).toBeInTheDocument()
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!)
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('searchQuery'))
    expect(await screen.findByRole('link', { name: 'Acme rollout' })).toBeInTheDocument()
  })
})
