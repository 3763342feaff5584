import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { setAccessToken } from '@/lib/access-token'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithQuery } from '@/test-support/render-with-query'
import { CompleteRegistrationForm } from './complete-registration-form'

function renderForm(onSignedIn = vi.fn()) {
  const root = createRootRoute({
    component: () => <CompleteRegistrationForm joinkey="key-1" onSignedIn={onSignedIn} />,
  })
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  renderWithQuery(<RouterProvider router={router} />)
  return onSignedIn
}

describe('CompleteRegistrationForm', () => {
  afterEach(() => {
    setAccessToken(null)
  })

  it('loads the registration without credentials, checks the password length and signs in', async () => {
    fakeApi.seed({
      registrations: {
        'key-1': {
          email: 'ada@example.com',
          firstname: 'Ada',
          lastname: 'Lovelace',
          organisation_name: null,
        },
      },
    })
    const onSignedIn = renderForm()

    expect(await screen.findByDisplayValue('ada@example.com')).toHaveAttribute('readonly')
    expect(fakeApi.requests()[0]?.url).toBe('/register/key-1')
    expect(fakeApi.requests()[0]?.credentials).toBe('omit')

    await userEvent.type(screen.getByLabelText(/^Password/), 'too short')
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }))
    expect(screen.getByText('Use at least 12 characters.')).toBeInTheDocument()
    expect(fakeApi.requests()).toHaveLength(1)

    await userEvent.type(screen.getByLabelText(/^Password/), ' but now long enough')
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }))
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce())
    expect(fakeApi.requests()[1]?.body).toMatchObject({
      email: 'ada@example.com',
      joinkey: 'key-1',
      password: 'too short but now long enough',
      firstname: 'Ada',
      lastname: 'Lovelace',
    })
  })

  it.each([
    ['join_key_expired', 'expired', 'This link has expired.'],
    ['join_key_used', 'used', 'This link has already been used.'],
    ['join_key_not_found', undefined, 'This link is not valid.'],
  ] as const)('explains a %s key', async (_code, spent, text) => {
    fakeApi.seed({ registrations: spent ? { 'key-1': spent } : {} })
    renderForm()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(text)
    // Whatever went wrong, both ways on are offered; a used link offers signing in first.
    const links = within(alert)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(links).toEqual(
      spent === 'used' ? ['Sign in', 'Ask for a new link'] : ['Ask for a new link', 'Sign in'],
    )
  })

  it('says a withdrawn invitation is withdrawn, not that the link could not be checked', async () => {
    fakeApi.seed({ registrations: {} })
    fakeApi.failNext('GET /register/:joinkey', {
      status: 410,
      code: 'join_key_revoked',
      message: 'This invitation has been withdrawn.',
    })
    renderForm()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(
      'This invitation has been withdrawn. Ask the person who invited you for a new one.',
    )
    expect(alert).not.toHaveTextContent('could not be checked')
    // Registering anew would start another workspace: whoever invited them sends a new link.
    expect(
      within(alert)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Sign in'])
  })
})
