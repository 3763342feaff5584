import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getAccessToken, readAccessTokenClaims, setAccessToken } from '@/lib/access-token'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithQuery } from '@/test-support/render-with-query'
import { LoginForm } from './login-form'

/** The login page holds "Keep me signed in", since social sign-in honours it too. */
function LoginPageHolding({ onSignedIn }: { onSignedIn: () => void }) {
  const [keepSignedIn, setKeepSignedIn] = useState(false)
  return (
    <LoginForm
      keepSignedIn={keepSignedIn}
      onKeepSignedInChange={setKeepSignedIn}
      onSignedIn={onSignedIn}
    />
  )
}

describe('LoginForm', () => {
  afterEach(() => {
    setAccessToken(null)
  })

  it('asks for both fields before calling the server', async () => {
    renderWithQuery(
      <LoginForm keepSignedIn={false} onKeepSignedInChange={vi.fn()} onSignedIn={vi.fn()} />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument()
    expect(screen.getByText('Enter your password.')).toBeInTheDocument()
    expect(fakeApi.requests()).toEqual([])
  })

  it('signs in, keeps the access token and moves on', async () => {
    fakeApi.seed({ passwords: { 'ada@example.com': 'correct horse battery' } })
    const onSignedIn = vi.fn()
    renderWithQuery(
      <LoginForm keepSignedIn={false} onKeepSignedInChange={vi.fn()} onSignedIn={onSignedIn} />,
    )
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com')
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce())
    expect(getAccessToken()).toBe(fakeApi.state.issuedTokens[0])
    expect(readAccessTokenClaims()?.sub).toBe(fakeApi.state.me.id)
    const [request] = fakeApi.requests()
    expect(request?.url).toBe('/auth/email-login')
    expect(request?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse battery',
      keep_signed_in: false,
    })
  })

  it('asks the server for the longer session when "Keep me signed in" is ticked', async () => {
    fakeApi.seed({ passwords: { 'ada@example.com': 'correct horse battery' } })
    const onSignedIn = vi.fn()
    renderWithQuery(<LoginPageHolding onSignedIn={onSignedIn} />)
    const keep = screen.getByRole('checkbox', { name: 'Keep me signed in' })
    expect(keep).not.toBeChecked()
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com')
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery')
    await userEvent.click(keep)
    expect(keep).toBeChecked()
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))

    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce())
    expect(fakeApi.requests()[0]?.body).toMatchObject({ keep_signed_in: true })
  })

  it('says when the e-mail or password is wrong, and when attempts are throttled', async () => {
    fakeApi.seed({ passwords: { 'ada@example.com': 'correct horse battery' } })
    renderWithQuery(
      <LoginForm keepSignedIn={false} onKeepSignedInChange={vi.fn()} onSignedIn={vi.fn()} />,
    )
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com')
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password here')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail or password is not right.',
    )

    fakeApi.failNext('POST /auth/email-login', {
      status: 429,
      code: 'rate_limited',
      message: 'x',
      headers: { 'retry-after': '600' },
    })
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many attempts. Try again in 10 minutes.',
      ),
    )
  })
})
