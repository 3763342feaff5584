import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getAccessToken, setAccessToken } from '@/lib/access-token'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithRouter } from '@/test-support/render-with-router'
import { ResetPasswordForm } from './reset-password-form'

const NEW_PASSWORD = 'a brand new passphrase'

function renderForm(token = 'token-1') {
  const onDone = vi.fn()
  renderWithRouter(<ResetPasswordForm token={token} onDone={onDone} />)
  return onDone
}

async function choose(password: string) {
  const field = await screen.findByLabelText(/^New password/)
  await userEvent.clear(field)
  await userEvent.type(field, password)
  await userEvent.click(screen.getByRole('button', { name: 'Set my new password' }))
}

describe('ResetPasswordForm', () => {
  afterEach(() => {
    setAccessToken(null)
  })

  it('checks the length, sets the password, and the old sessions end', async () => {
    fakeApi.seed({ passwordResets: { 'token-1': { email: 'ada@example.com' } } })
    setAccessToken('an-old-access-token')
    const onDone = renderForm()

    await choose('too short')
    expect(screen.getByText('Use at least 12 characters.')).toBeInTheDocument()
    expect(fakeApi.requests()).toEqual([])

    await choose(NEW_PASSWORD)
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce())
    const [request] = fakeApi.requests()
    expect(request?.url).toBe('/auth/password-reset/confirm')
    expect(request?.body).toEqual({ token: 'token-1', password: NEW_PASSWORD })
    expect(fakeApi.state.passwords['ada@example.com']).toBe(NEW_PASSWORD)
    expect(fakeApi.state.signedIn).toBe(false)
    expect(getAccessToken()).toBeNull()
  })

  it('shows a refused password under the field, in the client words', async () => {
    fakeApi.seed({ passwordResets: { 'token-1': { email: 'ada@example.com' } } })
    const onDone = renderForm()
    await choose('password1234')
    expect(
      await screen.findByText(
        'This is one of the most commonly used passwords. Choose a less common one.',
      ),
    ).toBeInTheDocument()
    expect(onDone).not.toHaveBeenCalled()
  })

  it.each([
    ['expired', 'This link has expired. Links work for 30 minutes: ask for a new one.'],
    ['used', 'This link has already been used.'],
  ] as const)('explains a link that is %s and offers a new one', async (spent, text) => {
    fakeApi.seed({ passwordResets: { 'token-1': spent } })
    renderForm()
    await choose(NEW_PASSWORD)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(text)
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument()
  })

  it('explains an unknown link (or one a newer e-mail replaced)', async () => {
    renderForm('never-sent')
    await choose(NEW_PASSWORD)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid, or a newer one has been sent since.',
    )
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
  })
})
