import '@/test-support/dom-polyfills'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '@/components/ui/toast'
import type { Deal } from '@/entities/deal/api/types'
import { setAccessToken } from '@/lib/access-token'
import { seedDealsArea, signInAs } from '@/test-support/deals-area-setup'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { dealFixture } from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import { STAGE } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { meFixture, teamMemberOf } from '@/test-support/fake-api/fixtures/user-fixtures'
import { initialDealsArea } from '@/test-support/fake-api/routes/deals-routes'
import { boardColumn, renderPipelineOverview } from './-pipeline-overview-test-page'

// The board's keyboard alternative to drag and drop: where the focus goes once a deal is moved.

function seed(deals: Deal[]) {
  fakeApi.seed({ users: [teamMemberOf(meFixture())], dealsArea: { ...initialDealsArea(), deals } })
}

const MOVE_ACME = 'Move Acme rollout to another stage'

/** Opens the deal's move menu from the keyboard and chooses `stage` with the arrows and Enter. */
async function moveFromKeyboard(user: ReturnType<typeof userEvent.setup>, stage: string) {
  const discovery = await boardColumn('Discovery')
  ;(await discovery.findByRole('button', { name: MOVE_ACME })).focus()
  await user.keyboard('{Enter}')
  const item = await screen.findByRole('menuitem', { name: stage })
  await waitFor(() => expect(screen.getAllByRole('menuitem')[0]).toHaveFocus())
  while (document.activeElement !== item) await user.keyboard('{ArrowDown}')
  await user.keyboard('{Enter}')
}

beforeEach(() => {
  seedDealsArea()
  signInAs('admin')
})

afterEach(() => {
  setAccessToken(null)
  vi.mocked(notify.error).mockClear()
})

describe('the pipeline board’s focus after a move', () => {
  it('stays on the moved deal, on its move button in the new column', async () => {
    seed([dealFixture()])
    const user = userEvent.setup()
    renderPipelineOverview()
    await moveFromKeyboard(user, 'Proposal')

    const proposal = await boardColumn('Proposal')
    const moved = await proposal.findByRole('button', { name: MOVE_ACME })
    await waitFor(() => expect(moved).toHaveFocus())
    await waitFor(() => expect(fakeApi.state.dealsArea.deals[0]?.stage_id).toBe(STAGE.proposal))
    // Reading the lists again after the PATCH does not take it away.
    await waitFor(() =>
      expect(proposal.getByRole('heading', { name: 'Proposal 1 deal' })).toBeInTheDocument(),
    )
    expect(proposal.getByRole('button', { name: MOVE_ACME })).toHaveFocus()
  })

  it('follows the deal back to its stage when the move fails', async () => {
    seed([dealFixture()])
    fakeApi.failNext('PATCH /v1/deals/:id', {
      status: 500,
      code: 'internal',
      message: 'Internal error',
    })
    const user = userEvent.setup()
    renderPipelineOverview()
    await moveFromKeyboard(user, 'Demo')
    await waitFor(() => expect(notify.error).toHaveBeenCalled())
    const discovery = await boardColumn('Discovery')
    await waitFor(() => expect(discovery.getByRole('button', { name: MOVE_ACME })).toHaveFocus())
  })

  it('goes to the board when the deal moves to a stage that is not shown', async () => {
    // Another deal keeps the board on screen once the moved one leaves the stages shown.
    seed([
      dealFixture(),
      dealFixture({ id: '00000000-0000-4000-8000-000000000d02', name: 'Globex pilot' }),
    ])
    const user = userEvent.setup()
    renderPipelineOverview(`/pipeline-overview/?stages=${STAGE.discovery},${STAGE.demo}`)
    await moveFromKeyboard(user, 'Proposal')
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Deals by stage' })).toHaveFocus(),
    )
    await waitFor(() => expect(fakeApi.state.dealsArea.deals[0]?.stage_id).toBe(STAGE.proposal))
  })
})
