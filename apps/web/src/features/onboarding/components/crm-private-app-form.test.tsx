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

  it('gives the focus back to Link HubSpot on Cancel, rather than dropping it to <body> with the form', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ crm: hubspotLinkable })
    renderWithRouter(<CrmSection canEdit />)
    const link = await screen.findByRole('button', { name: 'Link HubSpot' })
    await user.click(link)

    const form = await screen.findByRole('form', { name: 'HubSpot private-app token' })
    await user.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('form')).toBeNull()
    expect(document.activeElement).toBe(link)
    // The keyboard goes on from there: Enter asks for the form again.
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('form', { name: 'HubSpot private-app token' })).toBeVisible()
  })

  it('gives the focus back to Reconnect on Cancel when HubSpot needs re-authorisation', async () => {
    const user = userEvent.setup()
    fakeApi.seed({
      crm: {
        ...hubspotLinkable,
        linked: true,
        provider: 'hubspot',
        connection_status: 'needs_reauth',
        auth_kind: 'private_app',
      },
    })
    renderWithRouter(<CrmSection canEdit />)
    const reconnect = await screen.findByRole('button', { name: 'Reconnect' })
    await user.click(reconnect)

    const form = await screen.findByRole('form', { name: 'HubSpot private-app token' })
    await user.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('form')).toBeNull()
    expect(document.activeElement).toBe(reconnect)
  })
})
