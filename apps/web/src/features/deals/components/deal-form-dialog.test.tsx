import '@/test-support/dom-polyfills'
import type { Deal } from '@dealcoach/contracts/deals'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Button } from '@/components/ui/button'
import type { DealInput } from '@/entities/deal/api/types'
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
import { DealFormDialog, toDealInput } from './deal-form-dialog'

const me = meFixture()

const deal: Deal = {
  id: '00000000-0000-4000-8000-0000000000d1',
  pipeline_id: PIPELINE_ID,
  stage_id: STAGE.discovery,
  owner_id: me.id,
  name: 'Acme rollout',
  account_name: 'Acme Corp',
  amount: 1200,
  currency: 'USD',
  close_date: null,
  status: 'open',
  source: 'manual',
  last_activity_at: null,
  confidence: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  contacts: [],
}

function renderDialog(onSubmit: (input: DealInput) => void) {
  const root = createRootRoute()
  const page = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => (
      <DealFormDialog
        title="Edit deal"
        trigger={<Button>Edit</Button>}
        submitLabel="Save"
        deal={deal}
        pipelineId={PIPELINE_ID}
        pending={false}
        error={null}
        open
        onOpenChange={vi.fn()}
        onSubmit={onSubmit}
      />
    ),
  })
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  renderWithQuery(<RouterProvider router={router} />)
}

beforeEach(() => {
  fakeApi.seed({ pipelines: [pipelineFixture()], dealsArea: initialDealsArea() })
  setAccessToken(fakeAccessToken(teamMemberOf(me), ORGANISATION_ID))
})

afterEach(() => setAccessToken(null))

describe('DealFormDialog', () => {
  it('shows the account name and sends the edited one', async () => {
    const onSubmit = vi.fn()
    renderDialog(onSubmit)
    const account = await screen.findByLabelText('Account')
    expect(account).toHaveValue('Acme Corp')
    const user = userEvent.setup()
    await user.clear(account)
    await user.type(account, '  Globex  ')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Acme rollout', account_name: 'Globex' }),
    )
  })

  it('sends a blank account name as null', () => {
    const input = toDealInput({
      pipelineId: PIPELINE_ID,
      stageId: STAGE.discovery,
      ownerId: '',
      name: 'Deal',
      accountName: '   ',
      amount: '',
      currency: 'USD',
      closeDate: '',
      status: 'open',
      contacts: [],
    })
    expect(input.account_name).toBeNull()
  })
})
