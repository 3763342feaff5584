import type { CrmIntegrationStatus } from '@dealcoach/contracts/crm'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithRouter } from '@/test-support/render-with-router'
import { CrmSection } from './crm-section'

const hubspotLinkable: CrmIntegrationStatus = {
  linked: false,
  provider: null,
  account_name: null,
  linked_at: null,
  last_synced_at: null,
  supported_providers: ['hubspot', 'salesforce', 'pipedrive'],
  linkable_providers: ['hubspot'],
  connection_status: 'not_connected',
  auth_kind: null,
  sync: { state: 'idle', phase: null, started_at: null, finished_at: null, progress: {} },
  counts: {},
  errors: [],
  last_error: null,
}

describe('CrmPrivateAppForm', () => {
  it('takes the focus when Link HubSpot asks for a token, rather than leaving it on <body>', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ crm: hubspotLinkable })
    renderWithRouter(<CrmSection canEdit />)
    await user.click(await screen.findByRole('button', { name: 'Link HubSpot' }))

    const form = await screen.findByRole('form', { name: 'HubSpot private-app token' })
    const token = within(form).getByLabelText('Private-app access token')
    await waitFor(() => expect(token).toHaveFocus())
    // Typing goes straight into the field.
    await user.keyboard('pat-na1-valid')
    expect(token).toHaveValue('pat-na1-valid')
  })

  it.each<[string, CrmIntegrationStatus]>([
    ['Link HubSpot', hubspotLinkable],
    [
      'Reconnect',
      {
        ...hubspotLinkable,
        linked: true,
        provider: 'hubspot',
        connection_status: 'needs_reauth',
        auth_kind: 'private_app',
      },
    ],
  ])(
    'gives the focus back to %s on Cancel, rather than dropping it to <body> with the form',
    async (opener, crm) => {
      const user = userEvent.setup()
      fakeApi.seed({ crm })
      renderWithRouter(<CrmSection canEdit />)
      const button = await screen.findByRole('button', { name: opener })
      await user.click(button)

      const form = await screen.findByRole('form', { name: 'HubSpot private-app token' })
      await user.click(within(form).getByRole('button', { name: 'Cancel' }))
      expect(screen.queryByRole('form')).toBeNull()
      expect(document.activeElement).toBe(button)
      // The keyboard goes on from there: Enter asks for the form again.
      await user.keyboard('{Enter}')
      expect(await screen.findByRole('form', { name: 'HubSpot private-app token' })).toBeVisible()
    },
  )
})
