import { type AnyRootRoute, createRoute } from '@tanstack/react-router'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithRouter } from '@/test-support/render-with-router'
import { CrmCallback } from './crm-callback'

/** HubSpot linkable by OAuth, with `state-1` signed by a link token and `code-ok` accepted. */
function oauthInstallation() {
  fakeApi.seed({ crm: { ...fakeApi.state.crm, linkable_providers: ['hubspot'] } })
  fakeApi.state.crmArea.method = 'oauth'
  fakeApi.state.crmArea.states = ['state-1']
  fakeApi.state.crmArea.accepted = ['code-ok']
}

const withOnboarding = {
  routes: (root: AnyRootRoute) => [
    createRoute({
      getParentRoute: () => root,
      path: '/onboarding/',
      component: () => <p>Onboarding page</p>,
    }),
  ],
}

describe('CrmCallback', () => {
  it('completes the link with the code and goes back to the CRM section', async () => {
    oauthInstallation()
    const router = renderWithRouter(
      <CrmCallback provider="hubspot" code="code-ok" state="state-1" />,
      withOnboarding,
    )
    expect(await screen.findByText('Onboarding page')).toBeInTheDocument()
    expect(router.state.location.pathname).toMatch(/^\/onboarding\/?$/)
    expect(router.state.location.hash).toBe('crm')
    expect(fakeApi.writes()).toEqual([
      {
        method: 'POST',
        url: '/v1/crm-integrations/connect',
        body: { integration_name: 'hubspot', code: 'code-ok', state: 'state-1' },
      },
    ])
    expect(fakeApi.state.crm.connection_status).toBe('connected')
    expect(fakeApi.state.crm.auth_kind).toBe('oauth')
  })

  it('shows a refused code translated, with a way back', async () => {
    const user = userEvent.setup()
    oauthInstallation()
    const router = renderWithRouter(
      <CrmCallback provider="hubspot" code="code-expired" state="state-1" />,
      withOnboarding,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The CRM refused this credential. Check it and try again.',
    )
    expect(fakeApi.state.crm.linked).toBe(false)
    await user.click(screen.getByRole('link', { name: 'Back to onboarding' }))
    expect(await screen.findByText('Onboarding page')).toBeInTheDocument()
    expect(router.state.location.hash).toBe('crm')
  })

  it('shows an expired link as such', async () => {
    oauthInstallation()
    renderWithRouter(
      <CrmCallback provider="hubspot" code="code-ok" state="state-old" />,
      withOnboarding,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The link has expired or was started elsewhere. Start linking again.',
    )
  })

  it('posts nothing when HubSpot sent no code back', async () => {
    oauthInstallation()
    renderWithRouter(
      <CrmCallback provider="hubspot" code={undefined} state="state-1" />,
      withOnboarding,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'HubSpot did not send back an authorisation, so nothing was linked.',
    )
    expect(screen.getByRole('link', { name: 'Back to onboarding' })).toBeInTheDocument()
    expect(fakeApi.writes()).toEqual([])
  })
})
