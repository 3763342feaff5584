import type { CrmIntegrationStatus } from '@dealcoach/contracts/crm'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithQuery } from '@/test-support/render-with-query'
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

const UNAVAILABLE =
  'Linking HubSpot is not available in this installation yet. Supported providers: HubSpot, Salesforce, Pipedrive.'

describe('CrmSection', () => {
  it('shows the server’s 501 message as a notice, and no linked state', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ crm: notLinked })
    fakeApi.failNext('POST /v1/crm-integrations/link-token', {
      status: 501,
      code: 'crm_provider_unavailable',
      message: UNAVAILABLE,
    })
    renderWithQuery(<CrmSection canEdit />)
    expect(await screen.findByText('No CRM is linked yet.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Link HubSpot' }))

    const notice = await screen.findByRole('status')
    await vi.waitFor(() => expect(notice).toHaveTextContent('HubSpot cannot be linked yet'))
    expect(notice).toHaveTextContent(
      'CRM linking is not available in this installation yet. Nothing was linked or shared.',
    )
    // The server's sentence named CRMs as supported that cannot be linked either: it is not shown.
    expect(notice).not.toHaveTextContent(UNAVAILABLE)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText(/Linked to/)).toBeNull()
    expect(screen.getByText('No CRM is linked yet.')).toBeInTheDocument()
    const linkToken = fakeApi.requests().find((request) => request.url.endsWith('link-token'))
    expect(linkToken?.method).toBe('POST')
    expect(linkToken?.body).toEqual({ integration_name: 'hubspot' })
  })

  it('shows another refusal as an error', async () => {
    const user = userEvent.setup()
    fakeApi.seed({ crm: notLinked })
    fakeApi.failNext('POST /v1/crm-integrations/link-token', {
      status: 403,
      code: 'forbidden',
      message: 'Only admins can do this.',
    })
    renderWithQuery(<CrmSection canEdit />)
    await user.click(await screen.findByRole('button', { name: 'Link Pipedrive' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this.')
  })

  it('shows the linked CRM', async () => {
    fakeApi.seed({
      crm: {
        ...notLinked,
        linked: true,
        provider: 'salesforce',
        account_name: 'Acme',
        linked_at: '2025-03-05T10:00:00.000Z',
      },
    })
    renderWithQuery(<CrmSection canEdit />)
    expect(await screen.findByText('Linked to Salesforce')).toBeInTheDocument()
    expect(screen.getByText('Account: Acme')).toBeInTheDocument()
    expect(screen.getByText('Not synced yet.')).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('shows members the supported CRMs without link buttons', async () => {
    fakeApi.seed({ crm: notLinked })
    renderWithQuery(<CrmSection canEdit={false} />)
    expect(await screen.findByText('Only admins can link a CRM.')).toBeInTheDocument()
    expect(screen.getByText('HubSpot')).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
  })
})
