import type { CrmIntegrationStatus } from '@dealcoach/contracts/crm'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { hardNavigation } from '@/lib/hard-navigation'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithRouter } from '@/test-support/render-with-router'
import { CrmSection } from './crm-section'

const notLinked: CrmIntegrationStatus = {
  linked: false,
  provider: null,
  account_name: null,
  linked_at: null,
  last_synced_at: null,
  supported_providers: ['hubspot', 'salesforce', 'pipedrive'],
  linkable_providers: [],
  connection_status: 'not_connected',
  auth_kind: null,
  sync: { state: 'idle', phase: null, started_at: null, finished_at: null, progress: {} },
  counts: {},
  errors: [],
  last_error: null,
}

const hubspotLinkable: CrmIntegrationStatus = { ...notLinked, linkable_providers: ['hubspot'] }

const linkedHubspot: CrmIntegrationStatus = {
  ...hubspotLinkable,
  linked: true,
  provider: 'hubspot',
  account_name: 'Acme Portal',
  linked_at: '2025-03-05T10:00:00.000Z',
  last_synced_at: '2025-03-06T09:30:00.000Z',
  connection_status: 'connected',
  auth_kind: 'private_app',
  counts: { deals: 40, pipelines: 2, contacts: 25 },
}

describe('CrmSection', () => {
  it('offers Link only for the CRMs this installation can link, the others disabled with why', async () => {
    fakeApi.seed({ crm: hubspotLinkable })
    renderWithRouter(<CrmSection canEdit />)
    expect(await screen.findByRole('button', { name: 'Link HubSpot' })).toBeEnabled()
    for (const name of ['Salesforce', 'Pipedrive']) {
      const button = screen.getByRole('button', { name: `Link ${name}` })
      expect(button).toBeDisabled()
      expect(button).toHaveAccessibleDescription('Not available yet')
    }
    await userEvent.setup().click(screen.getByRole('button', { name: 'Link Salesforce' }))
    expect(fakeApi.writes()).toEqual([])
  })

  it('disables every Link button when no CRM can be linked', async () => {
    fakeApi.seed({ crm: notLinked })
    renderWithRouter(<CrmSection canEdit />)
    expect(await screen.findByRole('button', { name: 'Link HubSpot' })).toBeDisabled()
    expect(screen.getAllByText('Not available yet')).toHaveLength(3)
    // The CSV import is still offered.
    expect(screen.getByRole('link', { name: 'Import a CSV instead' })).toBeInTheDocument()
  })

  it('words a 409 crm_provider_not_linkable as a notice naming what can be linked, then follows the status', async () => {
    const user = userEvent.setup()
    // The status was read while Salesforce was offered; the installation no longer offers it.
    fakeApi.seed({ crm: { ...notLinked, linkable_providers: ['hubspot', 'salesforce'] } })
    renderWithRouter(<CrmSection canEdit />)
    const salesforce = await screen.findByRole('button', { name: 'Link Salesforce' })
    fakeApi.state.crm = hubspotLinkable
    await user.click(salesforce)

    const notice = await screen.findByText('Salesforce cannot be linked yet')
    expect(notice.closest('[role="status"]')).toHaveTextContent(
      'You can link HubSpot instead. Nothing was linked or shared.',
    )
    // The server's own sentence is not shown, and it is no failure.
    expect(screen.queryByText(/cannot be linked in this installation/)).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText(/Linked to/)).toBeNull()
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Link Salesforce' })).toBeDisabled(),
    )
    expect(screen.getByRole('button', { name: 'Link HubSpot' })).toBeEnabled()
    const linkToken = fakeApi.requests().find((request) => request.url.endsWith('link-token'))
    expect(linkToken?.method).toBe('POST')
    expect(linkToken?.body).toEqual({ integration_name: 'salesforce' })
  })

  it('says when no CRM at all can be linked any more', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ crm: hubspotLinkable })
    renderWithRouter(<CrmSection canEdit />)
    const hubspot = await screen.findByRole('button', { name: 'Link HubSpot' })
    fakeApi.state.crm = notLinked
    await user.click(hubspot)
    const notice = await screen.findByText('HubSpot cannot be linked yet')
    expect(notice.closest('[role="status"]')).toHaveTextContent(
      'No CRM can be linked in this installation yet. Nothing was linked or shared.',
    )
  })

  it('shows another refusal as an error', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ crm: hubspotLinkable })
    fakeApi.failNext('POST /v1/crm-integrations/link-token', {
      status: 403,
      code: 'forbidden',
      message: 'Only admins can do this.',
    })
    renderWithRouter(<CrmSection canEdit />)
    await user.click(await screen.findByRole('button', { name: 'Link HubSpot' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this.')
  })

  it('links HubSpot with a private-app token and shows the connection', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ crm: hubspotLinkable })
    renderWithRouter(<CrmSection canEdit />)
    await user.click(await screen.findByRole('button', { name: 'Link HubSpot' }))

    const form = await screen.findByRole('form', { name: 'HubSpot private-app token' })
    const token = within(form).getByLabelText('Private-app access token')
    expect(token).toHaveAttribute('type', 'password')
    // The help names the scopes the server asked for.
    expect(form).toHaveTextContent('crm.objects.deals.read, crm.objects.contacts.read')
    await user.type(token, 'pat-na1-valid')
    await user.click(within(form).getByRole('button', { name: 'Connect HubSpot' }))

    expect(
      await screen.findByText('HubSpot is connected. The first sync has started.'),
    ).toBeInTheDocument()
    // The form and the Link buttons are gone: the focus is on the connection, not on <body>.
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Linked to HubSpot'))
    expect(screen.getByText('Account: Acme Portal')).toBeInTheDocument()
    expect(screen.getByText('Connected')).toBeInTheDocument()
    expect(screen.queryByRole('form')).toBeNull()
    const connect = fakeApi.writes().find((write) => write.url.endsWith('/connect'))
    expect(connect?.body).toEqual({
      integration_name: 'hubspot',
      state: expect.stringMatching(/^state-/) as unknown,
      private_app_token: 'pat-na1-valid',
    })
    // The checklist's CRM step ticks itself from the link.
    expect(
      fakeApi.state.checklist.find((step) => step.key === 'crm_linked_or_data_imported')?.computed,
    ).toBe(true)
  })

  it('shows a refused token translated at the field', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ crm: hubspotLinkable })
    renderWithRouter(<CrmSection canEdit />)
    await user.click(await screen.findByRole('button', { name: 'Link HubSpot' }))
    const token = await screen.findByLabelText('Private-app access token')
    await user.type(token, 'pat-na1-revoked')
    await user.click(screen.getByRole('button', { name: 'Connect HubSpot' }))

    expect(
      await screen.findByText('The CRM refused this credential. Check it and try again.'),
    ).toBeInTheDocument()
    expect(token).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText(/refused the credential\./)).toBeNull()
    expect(fakeApi.state.crm.linked).toBe(false)
  })

  it('asks for the token before sending the form', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ crm: hubspotLinkable })
    renderWithRouter(<CrmSection canEdit />)
    await user.click(await screen.findByRole('button', { name: 'Link HubSpot' }))
    await user.click(await screen.findByRole('button', { name: 'Connect HubSpot' }))
    expect(await screen.findByText('Paste the access token.')).toBeInTheDocument()
    expect(fakeApi.writes().some((write) => write.url.endsWith('/connect'))).toBe(false)
  })

  it('sends the browser to HubSpot’s consent page when the installation links by OAuth', async () => {
    const user = userEvent.setup()
    const assign = vi.spyOn(hardNavigation, 'assign').mockImplementation(() => undefined)
    try {
      fakeApi.seed({ crm: hubspotLinkable })
      fakeApi.state.crmArea.method = 'oauth'
      renderWithRouter(<CrmSection canEdit />)
      await user.click(await screen.findByRole('button', { name: 'Link HubSpot' }))
      await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(1))
      const url = new URL(String(assign.mock.calls[0]?.[0]))
      expect(url.origin).toBe('https://app.hubspot.com')
      expect(url.searchParams.get('state')).toBe(fakeApi.state.crmArea.states[0])
      expect(screen.queryByRole('form')).toBeNull()
    } finally {
      assign.mockRestore()
    }
  })

  it('syncs now and follows the running sync’s phase and progress', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ crm: linkedHubspot })
    renderWithRouter(<CrmSection canEdit />)
    expect(await screen.findByText('Imported so far')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sync now' }))

    expect(await screen.findByText('A sync is queued and starts shortly.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Syncing…' })).toBeDisabled()
    // The status is read again while the sync runs: the fake's worker reads 30 records a read.
    expect(
      await screen.findByText('Syncing: reading deals…', undefined, { timeout: 6000 }),
    ).toBeInTheDocument()
    expect(screen.getByText('Read so far: pipelines: 2, owners: 3, deals: 25')).toBeInTheDocument()
    expect(fakeApi.writes()).toEqual([
      { method: 'POST', url: '/v1/crm-integrations/sync', body: undefined },
    ])
  })

  it('stops following a sync once it finishes, with the new counts and sync time', async () => {
    fakeApi.seed({
      crm: {
        ...linkedHubspot,
        last_synced_at: null,
        counts: {},
        sync: {
          state: 'running',
          phase: 'deals',
          started_at: '2025-03-06T09:00:00.000Z',
          finished_at: null,
          progress: { pipelines: 2, owners: 3 },
        },
      },
    })
    // The worker stalls for the first read, then finishes the rest before the next one.
    fakeApi.state.crmArea.recordsPerRead = 0
    renderWithRouter(<CrmSection canEdit />)
    expect(await screen.findByText('Syncing: reading deals…')).toBeInTheDocument()
    fakeApi.state.crmArea.recordsPerRead = 1000

    expect(
      await screen.findByText(/^Last synced on/, undefined, { timeout: 6000 }),
    ).toBeInTheDocument()
    expect(screen.queryByText(/^Syncing/)).toBeNull()
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeEnabled()
    const imported = screen.getByText('Imported so far').parentElement
    expect(imported).toHaveTextContent('pipelines2owners3deals40contacts25')
    const reads = fakeApi.requests().filter((request) => request.url.endsWith('/status')).length
    await new Promise((resolve) => setTimeout(resolve, 2500))
    // No more polling once the sync is idle.
    expect(fakeApi.requests().filter((request) => request.url.endsWith('/status'))).toHaveLength(
      reads,
    )
  })

  it('disconnects after a confirmation that says imported data is kept', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ crm: linkedHubspot })
    renderWithRouter(<CrmSection canEdit />)
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }))

    const dialog = await screen.findByRole('dialog', { name: 'Disconnect HubSpot?' })
    expect(dialog).toHaveTextContent(
      'Every pipeline, deal, contact and activity imported so far is kept.',
    )
    expect(fakeApi.writes()).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }))

    expect(await screen.findByText('No CRM is linked yet.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(fakeApi.writes()).toEqual([
      { method: 'POST', url: '/v1/crm-integrations/disconnect', body: undefined },
    ])
  })

  it('offers Reconnect when HubSpot needs re-authorisation', async () => {
    const user = userEvent.setup()
    fakeApi.seed({
      crm: {
        ...linkedHubspot,
        connection_status: 'needs_reauth',
        last_error: 'HubSpot refused the stored token.',
        errors: [{ object: 'deals', remote_id: '9001', message: 'amount is not a number' }],
      },
    })
    renderWithRouter(<CrmSection canEdit />)
    expect(await screen.findByText('Needs re-authorisation')).toBeInTheDocument()
    expect(
      screen.getByText('The last sync stopped: HubSpot refused the stored token.'),
    ).toBeInTheDocument()
    expect(screen.getByText('deals 9001: amount is not a number')).toBeInTheDocument()
    // A sync cannot run on refused credentials.
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Reconnect' }))
    const token = await screen.findByLabelText('Private-app access token')
    await user.type(token, 'pat-na1-valid')
    await user.click(screen.getByRole('button', { name: 'Connect HubSpot' }))
    expect(await screen.findByText('Connected')).toBeInTheDocument()
    expect(screen.queryByText('Needs re-authorisation')).toBeNull()
  })

  it('shows members the connection read-only', async () => {
    fakeApi.seed({
      crm: { ...linkedHubspot, connection_status: 'needs_reauth' },
    })
    renderWithRouter(<CrmSection canEdit={false} />)
    expect(await screen.findByText('Linked to HubSpot')).toBeInTheDocument()
    expect(screen.getByText('Account: Acme Portal')).toBeInTheDocument()
    expect(screen.getByText('Needs re-authorisation')).toBeInTheDocument()
    expect(screen.getByText('Imported so far')).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Import a CSV instead' })).toBeNull()
  })

  it('shows members the supported CRMs without link buttons', async () => {
    fakeApi.seed({ crm: notLinked })
    renderWithRouter(<CrmSection canEdit={false} />)
    expect(await screen.findByText('Only admins can link a CRM.')).toBeInTheDocument()
    expect(screen.getByText('HubSpot')).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('offers admins a CSV import instead', async () => {
    fakeApi.seed({ crm: notLinked })
    renderWithRouter(<CrmSection canEdit />)
    const link = await screen.findByRole('link', { name: 'Import a CSV instead' })
    expect(link.getAttribute('href')).toMatch(/^\/imports\/new\/?$/)
  })
})
