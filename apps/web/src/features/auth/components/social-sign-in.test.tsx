import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithQuery } from '@/test-support/render-with-query'
import { beginSocialSignIn } from '../social-redirect'
import { SocialSignIn } from './social-sign-in'

/** Comes back from Google as the browser would: the ID token and state in the URL fragment. */
function returnFromGoogle(keepSignedIn = false) {
  const authorize = new URL(beginSocialSignIn('google', 'client-id', keepSignedIn))
  const nonce = authorize.searchParams.get('nonce') ?? ''
  const state = authorize.searchParams.get('state') ?? ''
  const payload = btoa(JSON.stringify({ nonce, sub: 'google-1' }))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '')
  const token = `eyJhbGciOiJSUzI1NiJ9.${payload}.signature`
  window.location.hash = `#id_token=${token}&state=${state}`
  return token
}

const socialLogins = () =>
  fakeApi.requests().filter((request) => request.path === '/auth/social-login')

describe('SocialSignIn: linking to an account with a password', () => {
  it('asks for the password, then retries the same token with it', async () => {
    fakeApi.seed({ socialLinkPassword: 'the account password' })
    const token = returnFromGoogle()
    const onSignedIn = vi.fn()
    renderWithQuery(<SocialSignIn keepSignedIn={false} onSignedIn={onSignedIn} />)

    const dialog = await screen.findByRole('dialog', { name: 'Link Google to your account' })
    expect(onSignedIn).not.toHaveBeenCalled()
    // An empty password is not sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link and sign in' }))
    expect(within(dialog).getByText('Enter your password.')).toBeInTheDocument()
    expect(socialLogins()).toHaveLength(1)

    await userEvent.type(
      within(dialog).getByLabelText(/^Password of your Dealcoach account/),
      'a wrong guess',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link and sign in' }))
    expect(
      await within(dialog).findByText('The e-mail or password is not right.'),
    ).toBeInTheDocument()

    const field = within(dialog).getByLabelText(/^Password of your Dealcoach account/)
    await userEvent.clear(field)
    await userEvent.type(field, 'the account password')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link and sign in' }))
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce())
    expect(socialLogins().map((request) => request.body)).toEqual([
      { provider: 'google', token, keep_signed_in: false },
      { provider: 'google', token, keep_signed_in: false, password: 'a wrong guess' },
      { provider: 'google', token, keep_signed_in: false, password: 'the account password' },
    ])
  })

  it('signs in at once when the identity is already linked', async () => {
    returnFromGoogle()
    const onSignedIn = vi.fn()
    renderWithQuery(<SocialSignIn keepSignedIn={false} onSignedIn={onSignedIn} />)
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce())
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('closing the dialog leaves the user signed out, with nothing more sent', async () => {
    fakeApi.seed({ socialLinkPassword: 'secret password' })
    returnFromGoogle()
    const onSignedIn = vi.fn()
    renderWithQuery(<SocialSignIn keepSignedIn={false} onSignedIn={onSignedIn} />)
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(socialLogins()).toHaveLength(1)
    expect(onSignedIn).not.toHaveBeenCalled()
  })
})

describe('SocialSignIn: "Keep me signed in"', () => {
  it('asks for the longer session when the box was ticked before leaving for the provider', async () => {
    returnFromGoogle(true)
    const onSignedIn = vi.fn()
    renderWithQuery(<SocialSignIn keepSignedIn={false} onSignedIn={onSignedIn} />)
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce())
    expect(socialLogins().map((request) => request.body)).toEqual([
      expect.objectContaining({ provider: 'google', keep_signed_in: true }),
    ])
  })
})
