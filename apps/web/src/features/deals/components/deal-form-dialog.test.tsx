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

/** `null`: the New deal dialog. */
function renderDialog(
  onSubmit: (input: DealInput) => void,
  edited: Deal | null | undefined = deal,
) {
  renderWithRouter(
    <DealFormDialog
      title="Edit deal"
      trigger={<Button>Edit</Button>}
      submitLabel="Save"
      deal={edited ?? undefined}
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

  it('flags a contact with an e-mail or job title but no name and does not save', async () => {
    const onSubmit = vi.fn()
    renderDialog(onSubmit)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a contact' }))
    await user.type(screen.getByLabelText('Contact 2: e-mail'), 'mia.brandt@acme.example')
    await user.type(screen.getByLabelText('Contact 2: job title'), 'Procurement lead')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(onSubmit).not.toHaveBeenCalled()
    const name = screen.getByLabelText(/Contact 2: name/)
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('This field is required.')
    // The contact with a name is fine.
    expect(screen.getByLabelText('Contact 1: name')).not.toHaveAttribute('aria-invalid')

    await user.type(name, 'Mia Brandt')
    expect(screen.queryByText('This field is required.')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        contacts: [
          expect.objectContaining({ name: 'Bob Buyer' }),
          {
            name: 'Mia Brandt',
            email: 'mia.brandt@acme.example',
            title: 'Procurement lead',
            role: null,
          },
        ],
      }),
    )
  })

  it('flags a nameless contact on a new deal too', async () => {
    const onSubmit = vi.fn()
    renderDialog(onSubmit, null)
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Deal name'), 'New deal')
    await user.click(screen.getByRole('button', { name: 'Add a contact' }))
    await user.type(screen.getByLabelText('Contact 1: e-mail'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByLabelText(/Contact 1: name/)).toHaveAccessibleDescription(
      'This field is required.',
    )
  })

  it('leaves out a contact row with nothing typed in it', async () => {
    const onSubmit = vi.fn()
    renderDialog(onSubmit, null)
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Deal name'), 'New deal')
    await user.click(screen.getByRole('button', { name: 'Add a contact' }))
    await user.type(screen.getByLabelText('Contact 1: job title'), '   ')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ contacts: [] }))
    expect(screen.queryByText('This field is required.')).toBeNull()
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
