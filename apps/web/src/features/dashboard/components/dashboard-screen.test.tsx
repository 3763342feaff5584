import '@/test-support/dom-polyfills'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useNavigate,
  useSearch,
} from '@tanstack/react-router'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useCallback } from 'react'
import { getI18n } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ErrorPage } from '@/components/layout/error-page'
import type { Deal } from '@/entities/deal/api/types'
import { pipelinesQueryOptions } from '@/entities/pipeline/api/list-pipelines'
import { setAccessToken } from '@/lib/access-token'
import { isolate } from '@/lib/bidi'
import { periodIsoDates } from '@/lib/dates/periods'
import { useCurrentPipelineStore } from '@/stores/current-pipeline'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { analysisFixture, dealFixture } from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import {
  ACTION,
  PIPELINE_ID,
  pipelineFixture,
  STAGE,
} from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { renderWithQuery, testQueryClient } from '@/test-support/render-with-query'
import {
  filterSearchOf,
  type RouteFilterSearch,
  withDashboardSearch,
} from '../hooks/use-dashboard-url-sync'
import type { DashboardSearch } from '../stores/dashboard-filters'
import { DASHBOARD_FILTERS_STORAGE, useDashboardFilters } from '../stores/dashboard-filters-store'
import { DashboardScreen } from './dashboard-screen'

const WON_ID = '00000000-0000-4000-8000-0000000000d2'
const LOST_ID = '00000000-0000-4000-8000-0000000000d3'
const EXPANSION_ID = '00000000-0000-4000-8000-000000000002'
const EXPANSION_STAGE = '00000000-0000-4000-8000-00000000002a'
const UNKNOWN_PIPELINE_ID = '00000000-0000-4000-8000-0000000000ff'

/** A second pipeline, with a stage of its own and no actions. */
const expansionPipeline = () =>
  pipelineFixture({
    id: EXPANSION_ID,
    name: 'Expansion',
    stages: [
      { stage_id: EXPANSION_STAGE, name: 'Account review', position: 0, remote_stage_id: null },
    ],
    actions: [],
  })

/** The route's part: the URL's filters in, the filters written back as dashboard_* keys. */
function DashboardHarness() {
  const search: RouteFilterSearch = useSearch({ strict: false })
  const navigate = useNavigate()
  const writeSearch = useCallback(
    (next: DashboardSearch, replace: boolean) =>
      void navigate({
        to: '/dashboard/',
        search: (previous) => withDashboardSearch(previous, next),
        replace,
      }),
    [navigate],
  )
  return (
    <DashboardScreen
      search={filterSearchOf(search)}
      writeSearch={writeSearch}
      addDeal={<a href="/pipeline-overview/">Add a deal</a>}
    />
  )
}

/**
 * The dashboard at `path`. With `pipelinesLoaded`, the pipelines are in the cache before the first
 * render, as the route's loader leaves them in the app.
 */
async function renderDashboard(path = '/dashboard/', { pipelinesLoaded = false } = {}) {
  const root = createRootRoute({ component: Outlet })
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path: '/dashboard/',
        component: DashboardHarness,
        errorComponent: () => (
          <ErrorPage variant="dashboard" onReset={() => useDashboardFilters.getState().reset()} />
        ),
      }),
      createRoute({
        getParentRoute: () => root,
        path: '/deals/$dealId/',
        component: () => <p>Deal page</p>,
      }),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
    trailingSlash: 'always',
  })
  const client = testQueryClient()
  if (pipelinesLoaded) await client.ensureQueryData(pipelinesQueryOptions())
  renderWithQuery(<RouterProvider router={router} />, client)
  return router
}

const search = (router: Awaited<ReturnType<typeof renderDashboard>>) =>
  router.state.location.search as Record<string, unknown>

const statsRequests = (path: string) =>
  fakeApi.requests().filter((request) => request.path === path)

function seedDeals() {
  const deals: Deal[] = [
    dealFixture(),
    dealFixture({ id: WON_ID, name: 'Beta renewal', status: 'won', confidence: 82 }),
    dealFixture({ id: LOST_ID, name: 'Gamma pilot', status: 'lost', confidence: 35 }),
  ]
  fakeApi.seed({
    pipelines: [pipelineFixture()],
    dealsArea: {
      ...initialDealsArea(),
      deals,
      analyses: {
        [deals[0]!.id]: {
          ...analysisFixture(),
          confidence: {
            score: 64,
            factors: [
              { name: 'buyer_contacts', effect: -12, detail: 'No champion on their side.' },
            ],
          },
        },
      },
    },
  })
}

beforeEach(() => {
  setAccessToken('token')
  useDashboardFilters.getState().reset()
})

afterEach(() => {
  setAccessToken(null)
  useDashboardFilters.getState().reset()
  useCurrentPipelineStore.getState().setPipelineId(null)
  localStorage.clear()
  vi.restoreAllMocks()
})

describe('DashboardScreen: the filters in the URL and in storage (spec §2)', () => {
  it('lets a URL that names filters win over storage, the ones it leaves out at their defaults', async () => {
    seedDeals()
    useDashboardFilters.setState({
      selectedPeriod: 'year',
      searchInput: 'acme',
      selectedStatuses: ['lost'],
    })
    const router = await renderDashboard(
      '/dashboard/?dashboard_statuses=open,won&dashboard_tab=progress',
    )

    // The pipeline shown is filled in, in place of the entry (no step of history).
    await waitFor(() =>
      expect(search(router)).toEqual({
        dashboard_pipeline: PIPELINE_ID,
        dashboard_statuses: 'open,won',
        dashboard_tab: 'progress',
      }),
    )
    expect(router.history.length).toBe(1)
    const stored = JSON.parse(localStorage.getItem(DASHBOARD_FILTERS_STORAGE) ?? '{}') as {
      state: Record<string, unknown>
    }
    expect(stored.state).toMatchObject({
      currentPipelineId: PIPELINE_ID,
      selectedStatuses: ['open', 'won'],
      searchInput: '',
      selectedPeriod: 'allTime',
      activeTab: 'progress',
    })
    await waitFor(() =>
      expect(statsRequests('/v1/deals/action-stats').at(-1)?.url).toContain('statuses=open%2Cwon'),
    )
    expect(statsRequests('/v1/deals/action-stats').at(-1)?.url).not.toContain('searchQuery')
    expect(screen.getByRole('tab', { name: 'Action progress' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
  })

  it('shows the stored filters on /dashboard/ naming none (the sidebar’s link), in place of the entry', async () => {
    seedDeals()
    useDashboardFilters.setState({ selectedStatuses: ['lost'], searchInput: 'acme' })
    const router = await renderDashboard('/dashboard/')

    await waitFor(() =>
      expect(search(router)).toEqual({
        dashboard_pipeline: PIPELINE_ID,
        dashboard_search: 'acme',
        dashboard_statuses: 'lost',
      }),
    )
    expect(router.history.length).toBe(1)
    expect(await screen.findByRole('searchbox', { name: 'Search deals' })).toHaveValue('acme')
  })

  it('makes each filter and tab change a step of history that Back and Forward restore', async () => {
    const user = userEvent.setup()
    seedDeals()
    const router = await renderDashboard(`/dashboard/?dashboard_pipeline=${PIPELINE_ID}`, {
      pipelinesLoaded: true,
    })
    await screen.findByRole('heading', { name: 'Playbook adherence' })
    const tab = (name: string) => screen.getByRole('tab', { name })
    const owner = () => screen.getByRole('combobox', { name: 'Owner' })
    const period = () => screen.getByRole('combobox', { name: 'Close date' })
    const back = async (expected: Record<string, unknown>) => {
      router.history.back()
      await waitFor(() => expect(search(router)).toEqual(expected))
    }
    const at = { dashboard_pipeline: PIPELINE_ID }

    await user.click(tab('Action progress'))
    await waitFor(() => expect(search(router)).toEqual({ ...at, dashboard_tab: 'progress' }))
    await back(at)
    await waitFor(() => expect(tab('Playbook adherence')).toHaveAttribute('aria-selected', 'true'))

    await user.click(owner())
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace' }))
    const ownerId = useDashboardFilters.getState().ownerId
    expect(ownerId).not.toBeNull()
    await waitFor(() => expect(search(router)).toEqual({ ...at, dashboard_owner: ownerId }))
    await user.click(period())
    await user.click(await screen.findByRole('option', { name: 'This month' }))
    await waitFor(() =>
      expect(search(router)).toMatchObject({
        dashboard_owner: ownerId,
        dashboard_period: 'thisMonth',
      }),
    )
    // Three steps: the tab's was left by Back, the owner's and the period's were added after it.
    expect(router.history.length).toBe(3)

    await back({ ...at, dashboard_owner: ownerId })
    await waitFor(() => expect(period()).toHaveTextContent('All time'))
    expect(owner()).toHaveTextContent('Ada Lovelace')
    expect(useDashboardFilters.getState()).toMatchObject({
      selectedPeriod: 'allTime',
      customStartDate: null,
      customEndDate: null,
    })
    await back(at)
    await waitFor(() => expect(owner()).toHaveTextContent('All owners'))
    expect(useDashboardFilters.getState().ownerId).toBeNull()

    router.history.forward()
    router.history.forward()
    await waitFor(() => expect(period()).toHaveTextContent('This month'))
    expect(owner()).toHaveTextContent('Ada Lovelace')
    expect(search(router)).toMatchObject({
      dashboard_owner: ownerId,
      dashboard_period: 'thisMonth',
    })
    expect(router.history.length).toBe(3)
  })

  it('opens a shared link’s pipeline and stages with nothing stored, the pipelines already loaded', async () => {
    seedDeals()
    // Another pipeline listed first: the one shown when nothing names one.
    fakeApi.state.pipelines.unshift(expansionPipeline())
    const router = await renderDashboard(
      `/dashboard/?dashboard_pipeline=${PIPELINE_ID}&dashboard_stages=${STAGE.demo}`,
      { pipelinesLoaded: true },
    )

    await screen.findByRole('heading', { name: 'Playbook adherence' })
    await waitFor(() =>
      expect(statsRequests('/v1/deals/action-stats').at(-1)?.url).toContain(
        `pipelineId=${PIPELINE_ID}&stageIds=${STAGE.demo}`,
      ),
    )
    expect(search(router)).toMatchObject({
      dashboard_pipeline: PIPELINE_ID,
      dashboard_stages: STAGE.demo,
    })
    expect(useCurrentPipelineStore.getState().pipelineId).toBe(PIPELINE_ID)
    expect(useDashboardFilters.getState()).toMatchObject({
      currentPipelineId: PIPELINE_ID,
      selectedStages: [STAGE.demo],
    })
  })

  it('keeps the chosen pipeline when a link names one the user does not have, and drops its stages', async () => {
    seedDeals()
    fakeApi.state.pipelines.unshift(expansionPipeline())
    useCurrentPipelineStore.getState().setPipelineId(PIPELINE_ID)
    const router = await renderDashboard(
      `/dashboard/?dashboard_pipeline=${UNKNOWN_PIPELINE_ID}&dashboard_stages=${EXPANSION_STAGE}&dashboard_statuses=won`,
      { pipelinesLoaded: true },
    )

    await screen.findByRole('heading', { name: 'Playbook adherence' })
    await waitFor(() =>
      expect(search(router)).toEqual({
        dashboard_pipeline: PIPELINE_ID,
        dashboard_statuses: 'won',
      }),
    )
    expect(useDashboardFilters.getState().selectedStages).toEqual(['All Stages'])
  })

  it('shows the first pipeline when a link names an unknown one and none was chosen', async () => {
    seedDeals()
    fakeApi.state.pipelines.unshift(expansionPipeline())
    const router = await renderDashboard(
      `/dashboard/?dashboard_pipeline=${UNKNOWN_PIPELINE_ID}&dashboard_stages=${STAGE.demo}`,
      { pipelinesLoaded: true },
    )

    await waitFor(() => expect(search(router)).toEqual({ dashboard_pipeline: EXPANSION_ID }))
    expect(useDashboardFilters.getState().selectedStages).toEqual(['All Stages'])
  })

  it('drops statuses a deal cannot have and stages of no pipeline shown, from the URL and from storage', async () => {
    seedDeals()
    const router = await renderDashboard(
      `/dashboard/?dashboard_statuses=zzz&dashboard_stages=${STAGE.demo},${EXPANSION_STAGE}`,
      { pipelinesLoaded: true },
    )

    await screen.findByRole('heading', { name: 'Playbook adherence' })
    await waitFor(() =>
      expect(search(router)).toEqual({
        dashboard_pipeline: PIPELINE_ID,
        dashboard_stages: STAGE.demo,
      }),
    )
    expect(screen.getByRole('button', { name: /Status All statuses/ })).toBeInTheDocument()
    const stored = JSON.parse(localStorage.getItem(DASHBOARD_FILTERS_STORAGE) ?? '{}') as {
      state: Record<string, unknown>
    }
    expect(stored.state).toMatchObject({ selectedStatuses: [], selectedStages: [STAGE.demo] })

    // A list with a known status keeps that one.
    await router.navigate({ to: '/dashboard/', search: { dashboard_statuses: 'won,zzz' } })
    await waitFor(() => expect(search(router).dashboard_statuses).toBe('won'))

    // Storage written by hand, or by an older version, is read the same way.
    localStorage.setItem(
      DASHBOARD_FILTERS_STORAGE,
      JSON.stringify({ state: { selectedStatuses: ['lost', 'zzz', 42] }, version: 0 }),
    )
    await useDashboardFilters.persist.rehydrate()
    expect(useDashboardFilters.getState().selectedStatuses).toEqual(['lost'])
  })

  it('applies the stage rules of spec §4 through the stage list, and writes them to the URL', async () => {
    const user = userEvent.setup()
    seedDeals()
    const router = await renderDashboard()
    await screen.findByRole('heading', { name: 'Playbook adherence' })

    await user.click(screen.getByRole('button', { name: /Stages All stages/ }))
    const stages = await screen.findByRole('group', { name: 'Stages' })
    // A stage chosen while All is selected replaces it.
    await user.click(within(stages).getByRole('checkbox', { name: 'Demo' }))
    await waitFor(() => expect(search(router).dashboard_stages).toBe(STAGE.demo))
    expect(within(stages).getByRole('checkbox', { name: 'All stages' })).not.toBeChecked()
    await user.click(within(stages).getByRole('checkbox', { name: 'Proposal' }))
    await waitFor(() =>
      expect(search(router).dashboard_stages).toBe(`${STAGE.demo},${STAGE.proposal}`),
    )
    // Toggling removes; removing the last falls back to All Stages.
    await user.click(within(stages).getByRole('checkbox', { name: 'Demo' }))
    await user.click(within(stages).getByRole('checkbox', { name: 'Proposal' }))
    await waitFor(() => expect(search(router).dashboard_stages).toBeUndefined())
    expect(within(stages).getByRole('checkbox', { name: 'All stages' })).toBeChecked()
    // Choosing All Stages selects only it.
    await user.click(within(stages).getByRole('checkbox', { name: 'Demo' }))
    await user.click(within(stages).getByRole('checkbox', { name: 'All stages' }))
    await waitFor(() => expect(search(router).dashboard_stages).toBeUndefined())
    expect(within(stages).getByRole('checkbox', { name: 'Demo' })).not.toBeChecked()
  })

  it('fills the dates from a preset period, keeps typed dates for custom, and asks for that period', async () => {
    const user = userEvent.setup()
    seedDeals()
    const router = await renderDashboard()
    await screen.findByRole('heading', { name: 'Playbook adherence' })

    await user.click(screen.getByRole('combobox', { name: 'Close date' }))
    await user.click(await screen.findByRole('option', { name: 'This month' }))
    // The filter offers each preset once, in the spec's camelCase spelling.
    const { startDate: start, endDate: end } = periodIsoDates('thisMonth')!
    await waitFor(() =>
      expect(search(router)).toMatchObject({
        dashboard_period: 'thisMonth',
        dashboard_startDate: start,
        dashboard_endDate: end,
      }),
    )
    await waitFor(() =>
      expect(statsRequests('/v1/deals/action-stats').at(-1)?.url).toContain(
        `close_date.gte=${start}&close_date.lte=${end}`,
      ),
    )
    expect(statsRequests('/v1/deals/confidence-stats').at(-1)?.url).toContain(
      `start_date=${start}&end_date=${end}&per_page=999`,
    )
    expect(statsRequests('/v1/deals/action-completion-stats').at(-1)?.url).toContain(
      `closeDateGte=${start}&closeDateLte=${end}&per_page=999`,
    )

    await user.click(screen.getByRole('combobox', { name: 'Close date' }))
    await user.click(await screen.findByRole('option', { name: 'Custom dates' }))
    expect(await screen.findByLabelText('From')).toHaveValue(start)
    await waitFor(() =>
      expect(search(router)).toMatchObject({
        dashboard_period: 'custom',
        dashboard_startDate: start,
      }),
    )
  })
})

describe('DashboardScreen: the reports', () => {
  it('gives each chart a table with the numbers, and lists the deals behind a cell', async () => {
    const user = userEvent.setup()
    seedDeals()
    const router = await renderDashboard()

    const adherence = await screen.findByRole('table', {
      name: 'Deals per playbook action and outcome',
    })
    const pain = within(adherence).getByRole('row', { name: /Find the pain/ })
    // Acme completed it; Beta and Gamma have no result for it.
    expect(
      within(pain)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Discovery', '1', '0', '0', '2'])
    const tailor = within(adherence).getByRole('row', { name: /Tailor the demo/ })
    expect(
      within(tailor)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Demo', '0', '1', '0', '2'])
    // The chart draws a bar per row of the table, over the three deals.
    const chart = screen.getByRole('img', {
      name: /^Stacked bar chart of \d+ playbook actions across 3 deals/,
    })
    expect(chart.querySelectorAll('[data-slot=bar-row]')).toHaveLength(
      within(adherence).getAllByRole('row').length - 1,
    )

    // The charts below the fold draw in a deferred render of their own.
    const distribution = await screen.findByRole('table', { name: 'Deals per confidence band' })
    expect(within(distribution).getByRole('columnheader', { name: '60–69' })).toBeInTheDocument()
    const counts = within(distribution)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(counts).toEqual(['0', '0', '0', '1', '0', '0', '1', '0', '1', '0'])
    const calibration = screen.getByRole('table', {
      name: 'Won and lost deals per confidence band',
    })
    expect(
      within(calibration)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['30–39010%', '80–8910100%'])
    expect(screen.getByRole('link', { name: 'Acme rollout' })).toHaveAttribute(
      'href',
      `/deals/${dealFixture().id}/`,
    )
    expect(
      screen.getByRole('list', { name: 'What lowered the confidence of Acme rollout' }),
    ).toHaveTextContent('-12No champion on their side.')

    await user.click(
      within(pain).getByRole('button', { name: /2 deals where “Find the pain” is Not done/ }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Find the pain: Not done' })
    const beta = await within(dialog).findByRole('link', { name: 'Beta renewal' })
    expect(within(dialog).getByRole('link', { name: 'Gamma pilot' })).toBeInTheDocument()
    expect(
      statsRequests('/v1/deals/action-stats').some((request) =>
        request.url.includes(`action_id=${ACTION.pain}&action_status=not_done`),
      ),
    ).toBe(true)
    await user.click(beta)
    await waitFor(() => expect(router.state.location.pathname).toBe(`/deals/${WON_ID}/`))
  })

  it('lists every deal behind a cell, a page at a time, from the keyboard', async () => {
    const user = userEvent.setup()
    // 30 deals without a result for any action: 30 behind each Not done cell, 25 to a page.
    const deals = Array.from({ length: 30 }, (_, index) => {
      const number = String(index + 1).padStart(2, '0')
      return dealFixture({
        id: `00000000-0000-4000-8000-0000000001${number}`,
        name: `Deal ${number}`,
      })
    })
    fakeApi.seed({
      pipelines: [pipelineFixture()],
      dealsArea: { ...initialDealsArea(), deals, analyses: {} },
    })
    await renderDashboard()

    const adherence = await screen.findByRole('table', {
      name: 'Deals per playbook action and outcome',
    })
    const pain = within(adherence).getByRole('row', { name: /Find the pain/ })
    await user.click(
      within(pain).getByRole('button', { name: /30 deals where “Find the pain” is Not done/ }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Find the pain: Not done' })
    await within(dialog).findByRole('link', { name: 'Deal 25' })
    expect(within(dialog).getAllByRole('link')).toHaveLength(25)
    expect(within(dialog).getByRole('status')).toHaveTextContent('Showing 25 of 30 deals.')

    const more = within(dialog).getByRole('button', { name: 'Show more' })
    more.focus()
    await user.keyboard('{Enter}')
    // The next page is listed below, the focus on its first deal, and nothing is left to show.
    const next = await within(dialog).findByRole('link', { name: 'Deal 26' })
    await waitFor(() => expect(next).toHaveFocus())
    expect(within(dialog).getAllByRole('link')).toHaveLength(30)
    expect(within(dialog).getByRole('link', { name: 'Deal 30' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument()
    expect(within(dialog).queryByText(/Showing/)).not.toBeInTheDocument()
    expect(
      statsRequests('/v1/deals/action-stats').some(
        (request) =>
          request.url.includes(`action_id=${ACTION.pain}&action_status=not_done`) &&
          request.url.includes('per_page=50'),
      ),
    ).toBe(true)
  })

  it('reads the period as close dates in all three reports, so they count the same deals', async () => {
    fakeApi.seed({
      pipelines: [pipelineFixture()],
      dealsArea: {
        ...initialDealsArea(),
        deals: [
          dealFixture({ confidence: 64 }),
          dealFixture({
            id: WON_ID,
            name: 'Beta renewal',
            status: 'won',
            confidence: 82,
            close_date: '2026-06-10',
          }),
          dealFixture({
            id: LOST_ID,
            name: 'Gamma pilot',
            status: 'lost',
            confidence: 35,
            close_date: '2026-03-20',
          }),
        ],
        analyses: { [dealFixture().id]: analysisFixture() },
      },
    })
    await renderDashboard(
      '/dashboard/?dashboard_period=custom&dashboard_startDate=2026-03-01&dashboard_endDate=2026-03-31',
    )

    // Beta closes in June: none of the reports counts it.
    const adherence = await screen.findByRole('table', {
      name: 'Deals per playbook action and outcome',
    })
    const pain = within(adherence).getByRole('row', { name: /Find the pain/ })
    expect(
      within(pain)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Discovery', '1', '0', '0', '1'])
    const distribution = await screen.findByRole('table', { name: 'Deals per confidence band' })
    expect(
      within(distribution)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0', '0', '0', '1', '0', '0', '1', '0', '0', '0'])
    // The charts' labels count in words that agree with their numbers.
    expect(
      screen.getByRole('img', { name: /^Bar chart of 2 deals by confidence band/ }),
    ).toBeInTheDocument()
    expect(getI18n().t('dashboard:confidence.distribution_label', { count: 1 })).toMatch(
      /^Bar chart of 1 deal by confidence band/,
    )
    await screen.findByRole('heading', { name: 'Completion over time' })

    // Each call spells the close dates as spec §7 names its parameters.
    await waitFor(() =>
      expect(statsRequests('/v1/deals/action-completion-stats').at(-1)?.url).toContain(
        'closeDateGte=2026-03-01&closeDateLte=2026-03-31&per_page=999',
      ),
    )
    expect(statsRequests('/v1/deals/action-completion-stats').at(-1)?.url).not.toContain(
      'start_date',
    )
    expect(statsRequests('/v1/deals/action-stats').at(-1)?.url).toContain(
      'close_date.gte=2026-03-01&close_date.lte=2026-03-31',
    )
    expect(statsRequests('/v1/deals/confidence-stats').at(-1)?.url).toContain(
      'start_date=2026-03-01&end_date=2026-03-31&per_page=999',
    )
  })

  it('asks to add a deal when the pipeline has none, and to clear filters that match nothing', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ pipelines: [pipelineFixture()] })
    await renderDashboard()
    expect(await screen.findByRole('heading', { name: 'No deals to show yet' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Add a deal' })).toBeInTheDocument()

    useDashboardFilters.getState().setStatuses(['won'])
    expect(
      await screen.findByRole('heading', { name: 'No deals match these filters' }),
    ).toBeInTheDocument()
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!)
    expect(useDashboardFilters.getState().selectedStatuses).toEqual([])
    expect(await screen.findByRole('heading', { name: 'No deals to show yet' })).toBeInTheDocument()
  })

  it('shows the dashboard error view when the stats fail, logging the failure (spec §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    seedDeals()
    fakeApi.failNext('GET /v1/deals/action-stats', {
      status: 500,
      code: 'internal_error',
      message: 'Something went wrong',
    })
    await renderDashboard()
    expect(
      await screen.findByRole('heading', { name: 'The dashboard could not be loaded' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(warn).toHaveBeenCalledWith('The action stats could not be loaded.', expect.anything())
    // The router reports a render error on the console; that is the error view's doing.
    vi.mocked(console.error).mockClear()
  })
})

describe('DashboardScreen: action progress (spec §3, §4)', () => {
  it('lists each deal’s actions from the activity and stage history, with the owner when known', async () => {
    seedDeals()
    const at = new Date(Date.now() - 2 * 86_400_000).toISOString()
    fakeApi.state.activity.byPipeline[PIPELINE_ID] = [
      {
        deal_id: dealFixture().id,
        deal_name: 'Acme rollout',
        stage_id: STAGE.demo,
        owner: { id: dealFixture().owner_id!, name: 'Dana Seller' },
        latest_activity_at: at,
        prior_statuses: [],
        activity: [
          {
            engagement_timestamp: at,
            engagement_id: '00000000-0000-4000-8000-0000000000e1',
            engagement_type: 'transcript',
            engagement_name: 'Discovery call',
            objections: [],
            actions: [
              {
                action: 'Find the pain',
                action_id: ACTION.pain,
                summary: 'The buyer described the pain.',
                status: 'Completed',
                status_description: '',
                results: [{ type: 'transcript', result: 'We lose two days.' }],
              },
            ],
          },
        ],
      },
    ]
    fakeApi.state.activity.stageHistory[dealFixture().id] = [
      {
        timestamp: '2026-01-01T00:00:00Z',
        from_stage: { stage_id: STAGE.discovery },
        to_stage: { stage_id: STAGE.demo },
      },
    ]
    const router = await renderDashboard('/dashboard/?dashboard_tab=progress')

    const deal = await screen.findByRole('heading', { name: 'Acme rollout' })
    const card = deal.closest('li')!
    expect(card).toHaveTextContent('Owner: Dana Seller')
    expect(card).toHaveTextContent('Find the pain')
    expect(card).toHaveTextContent('Call')
    expect(card).toHaveTextContent(`Stage: ${isolate('Discovery')} → ${isolate('Demo')}`)
    expect(within(card).getByText('Completed')).toBeInTheDocument()
    const activity = fakeApi.requests().find((request) => request.path.endsWith('/activity'))
    expect(activity?.url).toContain(`pipeline_id=${PIPELINE_ID}`)
    expect(search(router).dashboard_tab).toBe('progress')
  })
})
