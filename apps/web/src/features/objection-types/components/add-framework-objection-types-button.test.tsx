import '@/test-support/dom-polyfills'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { notify } from '@/components/ui/toast'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { objectionTypeFixture } from '@/test-support/fake-api/fixtures/objection-type-fixtures'
import { frameworkFixture } from '@/test-support/fake-api/fixtures/sales-framework-fixture'
import { renderWithQuery } from '@/test-support/render-with-query'
import { AddFrameworkObjectionTypesButton } from './add-framework-objection-types-button'

const TYPE_NAMES = ['Price', 'Timing', 'No champion', 'Metrics unclear', 'Competitor', 'Authority']

describe('AddFrameworkObjectionTypesButton', () => {
  it('says how many were added and how many the team had, and then shows them as added', async () => {
    const user = userEvent.setup()
    fakeApi.seed({
      // Two of the six the team has already (any case): they are not added again.
      objectionTypes: [
        objectionTypeFixture({ id: '00000000-0000-4000-8000-0000000000f1', name: 'price' }),
        objectionTypeFixture({ id: '00000000-0000-4000-8000-0000000000f2', name: 'Timing' }),
      ],
      salesFrameworks: [
        frameworkFixture({
          objection_types: TYPE_NAMES.map((name) => ({ name, description: '', examples: [] })),
        }),
      ],
    })
    renderWithQuery(
      <AddFrameworkObjectionTypesButton
        framework="meddic"
        label="Add the MEDDIC objection types"
        addedLabel="Objection types added"
      />,
    )

    await user.click(await screen.findByRole('button', { name: 'Add the MEDDIC objection types' }))
    const dialog = await screen.findByRole('dialog', {
      name: 'Add objection types from a framework',
    })
    const preview = await within(dialog).findByRole('region', { name: 'Objection types of MEDDIC' })
    // The types the team has are marked in the preview.
    expect(await within(preview).findAllByText('Already added')).toHaveLength(2)
    await user.click(within(dialog).getByRole('button', { name: 'Add objection types' }))

    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        '4 objection types added from MEDDIC. You already had 2 of them.',
      ),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    // The button now says they are there; opened again, every type is marked.
    const added = await screen.findByRole('button', { name: 'Objection types added' })
    expect(screen.queryByRole('button', { name: 'Add the MEDDIC objection types' })).toBeNull()
    await user.click(added)
    const again = await screen.findByRole('region', { name: 'Objection types of MEDDIC' })
    expect(await within(again).findAllByText('Already added')).toHaveLength(6)
  })

  it('names the team’s own framework in words that read as a sentence', async () => {
    const user = userEvent.setup()
    fakeApi.seed({
      salesFrameworks: [frameworkFixture({ key: 'custom', name: 'Our own framework' })],
    })
    renderWithQuery(
      <AddFrameworkObjectionTypesButton framework="custom" label="Add your framework's types" />,
    )

    await user.click(await screen.findByRole('button', { name: "Add your framework's types" }))
    const dialog = await screen.findByRole('dialog', {
      name: 'Add objection types from a framework',
    })
    await within(dialog).findByRole('region', { name: 'Objection types of Our own framework' })
    await user.click(within(dialog).getByRole('button', { name: 'Add objection types' }))
    await vi.waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        '2 objection types added from your own framework.',
      ),
    )
  })
})
