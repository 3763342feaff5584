import '@/test-support/dom-polyfills'
import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setAccessToken } from '@/lib/access-token'
import { seedDealsArea, signInAs } from '@/test-support/deals-area-setup'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { PIPELINE_ID, STAGE } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { meFixture } from '@/test-support/fake-api/fixtures/user-fixtures'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { renderWithRouter } from '@/test-support/render-with-router'
import { DealsOverview } from './deals-overview'

function renderOverview() {
  renderWithRouter(
    <DealsOverview
      pipelineId={PIPELINE_ID}
      searchQuery={undefined}
      page={1}
      onSearch={vi.fn()}
      onPage={vi.fn()}
    />,
  )
}

beforeEach(seedDealsArea)

afterEach(() => setAccessToken(null))

describe('DealsOverview', () => {
  it('tells a member with no deals what to do, and lets them create one', async () => {
    signInAs('member')
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
