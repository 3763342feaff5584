import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getAccessToken, setAccessToken } from '@/lib/access-token'
import { renderWithQuery } from '@/test-support/render-with-query'
import { LoginForm } from './login-form'

describe('LoginForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    setAccessToken(null)
  })

  it('asks for both fields before calling the server', async () => {
    const fetchMock = vi.fn<typeof fetch>()
    vi.stubGlobal('fetch', fetchMock)
    renderWithQuery(<LoginForm onSignedIn={vi.fn()} />)
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument()
    expect(screen.getByText('Enter your password.')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('signs in, keeps the access token and moves on', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(Response.json({ access_token: 'a.b.c' }))
    vi.stubGlobal('fetch', fetchMock)
    const onSignedIn = vi.fn()
    renderWithQuery(<LoginForm onSignedIn={onSignedIn} />)
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com')
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce())
    expect(getAccessToken()).toBe('a.b.c')
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/auth/email-login')
    expect(JSON.parse(init?.body as string)).toEqual({
      email: 'ada@example.com',
      password: 'correct horse battery',
    })
  })

  it('says when the e-mail or password is wrong, and when attempts are throttled', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValueOnce(
          Response.json({ error: { code: 'invalid_credentials', message: 'x' } }, { status: 401 }),
        )
        .mockResolvedValueOnce(
          Response.json(
            { error: { code: 'rate_limited', message: 'x' } },
            { status: 429, headers: { 'retry-after': '600' } },
          ),
        ),
    )
    renderWithQuery(<LoginForm onSignedIn={vi.fn()} />)
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com')
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password here')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail or password is not right.',
    )

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many attempts. Try again in 10 minutes.',
      ),
    )
  })
})
