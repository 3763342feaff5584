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
})
