import '@/test-support/dom-polyfills'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Button } from '@/components/ui/button'
import type { Deal, DealInput } from '@/entities/deal/api/types'
import { setAccessToken } from '@/lib/access-token'
import { seedDealsArea, signInAs } from '@/test-support/deals-area-setup'
import { PIPELINE_ID, STAGE } from '@/test-support/fake-api/fixtures/pipeline-fixture'
import { dealFixture } from '@/test-support/fake-api/fixtures/deal-screen-fixtures'
import { meFixture } from '@/test-support/fake-api/fixtures/user-fixtures'
import { renderWithRouter } from '@/test-support/render-with-router'
import { DealFormDialog, toDealInput } from './deal-form-dialog'

const deal = dealFixture()

function renderDialog(onSubmit: (input: DealInput) => void, edited: Deal | undefined = deal) {
  renderWithRouter(
    <DealFormDialog
      title="Edit deal"
      trigger={<Button>Edit</Button>}
      submitLabel="Save"
      deal={edited}
      pipelineId={PIPELINE_ID}
      pending={false}
      error={null}
      open
      onOpenChange={vi.fn()}
      onSubmit={onSubmit}
    />,
  )
}

beforeEach(() => {
  seedDealsArea()
  signInAs('admin')
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

  it('offers close dates within the range the server stores only', async () => {
    renderDialog(vi.fn())
    const closeDate = await screen.findByLabelText('Close date')
    expect(closeDate).toHaveAttribute('min', '1900-01-01')
    expect(closeDate).toHaveAttribute('max', '9999-12-31')
  })

  it('leaves a deal with no owner unowned unless an owner is chosen', async () => {
    const onSubmit = vi.fn()
    renderDialog(onSubmit, { ...deal, owner_id: null })
    expect(await screen.findByRole('combobox', { name: 'Owner' })).toHaveTextContent('No owner')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ owner_id: undefined }))
  })

  it('makes a new deal the signed-in user’s by default', async () => {
    const onSubmit = vi.fn()
    renderDialog(onSubmit, undefined)
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Deal name'), 'New deal')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ owner_id: meFixture().id }))
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
