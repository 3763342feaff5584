import '@/test-support/dom-polyfills'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setAccessToken } from '@/lib/access-token'
import { fakeAccessToken } from '@/test-support/fake-api/fake-access-token'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import {
  PIPELINE_ID,
  pipelineFixture,
  STAGE,
} from '@/test-support/fake-api/fixtures/pipeline-fixture'
import {
  meFixture,
  ORGANISATION_ID,
  teamMemberOf,
} from '@/test-support/fake-api/fixtures/user-fixtures'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { renderWithQuery } from '@/test-support/render-with-query'
import { DealsOverview } from './deals-overview'

function renderOverview() {
  const root = createRootRoute()
  const list = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (
      <DealsOverview
        pipelineId={PIPELINE_ID}
        searchQuery={undefined}
        page={1}
        onSearch={vi.fn()}
        onPage={vi.fn()}
      />
    ),
  })
  const router = createRouter({
    routeTree: root.addChildren([list]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  renderWithQuery(<RouterProvider router={router} />)
}

beforeEach(() => {
  fakeApi.seed({ pipelines: [pipelineFixture()], dealsArea: initialDealsArea() })
})

afterEach(() => setAccessToken(null))

describe('DealsOverview', () => {
  it('tells a member with no deals what to do, and lets them create one', async () => {
    setAccessToken(
      fakeAccessToken({ ...teamMemberOf(meFixture()), role: 'member' }, ORGANISATION_ID),
    )
    renderOverview()
    expect(await screen.findByText('No deals in this pipeline yet')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create your first deal' })).toBeInTheDocument()
  })

  it('lists the deals with stage, owner and the amount in the UI language', async () => {
    const me = meFixture()
    fakeApi.seed({
      dealsArea: {
        ...initialDealsArea(),
        deals: [
          {
            id: '00000000-0000-4000-8000-0000000000d1',
            pipeline_id: PIPELINE_ID,
            stage_id: STAGE.demo,
            owner_id: me.id,
            name: 'Acme rollout',
            account_name: null,
            amount: 12000,
            currency: 'USD',
            close_date: null,
            status: 'won',
            source: 'manual',
            last_activity_at: null,
            confidence: null,
            created_at: '2026-01-01T00:00:00.000Z',
            updated_at: '2026-01-01T00:00:00.000Z',
          },
        ],
      },
    })
    renderOverview()
    expect((await screen.findAllByRole('link', { name: 'Acme rollout' })).length).toBeGreaterThan(0)
    expect(screen.getAllByText('$12,000').length).toBeGreaterThan(0)
    expect(screen.getAllByText('Demo').length).toBeGreaterThan(0)
    expect(screen.getAllByText('Won').length).toBeGreaterThan(0)
    expect(screen.getAllByText('Ada Lovelace').length).toBeGreaterThan(0)
  })
})
