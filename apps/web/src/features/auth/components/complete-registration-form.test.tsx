import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { setAccessToken } from '@/lib/access-token'
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
    vi.unstubAllGlobals()
    setAccessToken(null)
  })

  it('loads the registration without credentials, checks the password length and signs in', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        Response.json({
          email: 'ada@example.com',
          firstname: 'Ada',
          lastname: 'Lovelace',
          organisation_name: null,
        }),
      )
      .mockResolvedValueOnce(Response.json({ access_token: 'a.b.c' }, { status: 201 }))
    vi.stubGlobal('fetch', fetchMock)
    const onSignedIn = renderForm()

    expect(await screen.findByDisplayValue('ada@example.com')).toHaveAttribute('readonly')
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/register/key-1')
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('omit')

    await userEvent.type(screen.getByLabelText(/^Password/), 'too short')
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }))
    expect(screen.getByText('Use at least 12 characters.')).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(1)

    await userEvent.type(screen.getByLabelText(/^Password/), ' but now long enough')
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }))
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce())
    expect(JSON.parse(fetchMock.mock.calls[1]?.[1]?.body as string)).toMatchObject({
      email: 'ada@example.com',
      joinkey: 'key-1',
      password: 'too short but now long enough',
      firstname: 'Ada',
      lastname: 'Lovelace',
    })
  })

  it.each([
    ['join_key_expired', 410, 'This link has expired.'],
    ['join_key_used', 410, 'This link has already been used.'],
    ['join_key_not_found', 404, 'This link is not valid.'],
  ])('explains a %s key', async (code, status, text) => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(Response.json({ error: { code, message: code } }, { status })),
    )
    renderForm()
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
  })
})
