import type { CrmIntegrationStatus } from '@dealcoach/contracts/crm'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithQuery } from '@/test-support/render-with-query'
import { CrmSection } from './crm-section'

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

const notLinked: CrmIntegrationStatus = {
  linked: false,
  provider: null,
  account_name: null,
  linked_at: null,
  last_synced_at: null,
  supported_providers: ['hubspot', 'salesforce', 'pipedrive'],
  linkable_providers: [],
}

const UNAVAILABLE =
  'Linking HubSpot is not available in this installation yet. Supported providers: HubSpot, Salesforce, Pipedrive.'

function stubApi(status: CrmIntegrationStatus, linkToken?: () => Response) {
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = urlOf(input)
    if (url === '/v1/crm-integrations/status') return Promise.resolve(Response.json(status))
    if (url === '/v1/crm-integrations/link-token' && linkToken) {
      return Promise.resolve(linkToken())
    }
    return Promise.reject(new Error(`unexpected ${init?.method ?? 'GET'} ${url}`))
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('CrmSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows the server’s 501 message as a notice, and no linked state', async () => {
    const user = userEvent.setup()
    const fetchMock = stubApi(notLinked, () =>
      Response.json(
        { error: { code: 'crm_provider_unavailable', message: UNAVAILABLE } },
        { status: 501 },
      ),
    )
    renderWithQuery(<CrmSection canEdit />)
    expect(await screen.findByText('No CRM is linked yet.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Link HubSpot' }))

    const notice = await screen.findByRole('status')
    await vi.waitFor(() => expect(notice).toHaveTextContent('HubSpot cannot be linked yet'))
    expect(notice).toHaveTextContent(UNAVAILABLE)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText(/Linked to/)).toBeNull()
    expect(screen.getByText('No CRM is linked yet.')).toBeInTheDocument()
    const [, init] = fetchMock.mock.calls.find(([url]) => urlOf(url).endsWith('link-token')) ?? []
    expect(init?.method).toBe('POST')
    expect(JSON.parse(init?.body as string)).toEqual({ integration_name: 'hubspot' })
  })

  it('shows another refusal as an error', async () => {
    const user = userEvent.setup()
    stubApi(notLinked, () =>
      Response.json(
        { error: { code: 'forbidden', message: 'Only admins can do this.' } },
        { status: 403 },
      ),
    )
    renderWithQuery(<CrmSection canEdit />)
    await user.click(await screen.findByRole('button', { name: 'Link Pipedrive' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can do this.')
  })

  it('shows the linked CRM', async () => {
    stubApi({
      ...notLinked,
      linked: true,
      provider: 'salesforce',
      account_name: 'Acme',
      linked_at: '2025-03-05T10:00:00.000Z',
    })
    renderWithQuery(<CrmSection canEdit />)
    expect(await screen.findByText('Linked to Salesforce')).toBeInTheDocument()
    expect(screen.getByText('Account: Acme')).toBeInTheDocument()
    expect(screen.getByText('Not synced yet.')).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('shows members the supported CRMs without link buttons', async () => {
    stubApi(notLinked)
    renderWithQuery(<CrmSection canEdit={false} />)
    expect(await screen.findByText('Only admins can link a CRM.')).toBeInTheDocument()
    expect(screen.getByText('HubSpot')).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
  })
})
