import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { getI18n } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithQuery } from '@/test-support/render-with-query'
import { PasswordForm } from './password-form'

// The German texts, for the same refusals in the German UI.
const german = import.meta.glob<Record<string, unknown>>(
  '../../../../public/locales/de/{common,settings,ui}.json',
  { eager: true, import: 'default' },
)

async function inGerman() {
  const i18n = getI18n()
  for (const [file, texts] of Object.entries(german)) {
    i18n.addResourceBundle('de', file.replace(/^.*\/(.+)\.json$/, '$1'), texts)
  }
  await i18n.changeLanguage('de')
}

const CURRENT = 'correct horse battery'
const NEXT = 'a brand new passphrase'

async function fillIn(
  current: string,
  next: string,
  labels = { current: 'Current password', next: 'New password' },
) {
  await userEvent.type(screen.getByLabelText(labels.current), current)
  await userEvent.type(screen.getByLabelText(labels.next), next)
}

describe('PasswordForm', () => {
  afterEach(async () => {
    await getI18n().changeLanguage('en')
  })

  it('refuses a new password that is the current one, without asking the server', async () => {
    renderWithQuery(<PasswordForm />)
    await fillIn(CURRENT, CURRENT)
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      expect.stringContaining('Choose a new password that differs from your current one.'),
    )
    expect(fakeApi.writes()).toEqual([])
  })

  it('puts a wrong current password under its field, and clears it when that field is edited', async () => {
    fakeApi.seed({ passwords: { [fakeApi.state.me.email]: CURRENT } })
    renderWithQuery(<PasswordForm />)
    await fillIn('not the password', NEXT)
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))

    const current = screen.getByLabelText(/^Current password/)
    await screen.findByText('This is not your current password.')
    expect(current).toHaveAccessibleDescription('This is not your current password.')
    // A field's refusal is no banner, and the server's sentence is never shown.
    expect(document.querySelector('[data-slot="form-alert"]')).toBeNull()
    expect(screen.queryByText(/current_password:/)).toBeNull()

    await userEvent.type(current, 'x')
    expect(screen.queryByText('This is not your current password.')).toBeNull()
    expect(current).not.toHaveAttribute('aria-invalid')
  })

  it('words schema and weak-password refusals in the client’s words, in English and German', async () => {
    fakeApi.failNext('POST /v1/users/me/password', {
      status: 400,
      code: 'validation_failed',
      message: 'body.new_password: Too big: expected string to have <=128 characters',
      details: [
        {
          path: 'body.new_password',
          message: 'Too big: expected string to have <=128 characters',
        },
      ],
    })
    renderWithQuery(<PasswordForm />)
    await fillIn(CURRENT, NEXT)
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Use at most 128 characters.')).toBeInTheDocument()
    expect(screen.queryByText(/Too big/)).toBeNull()

    await inGerman()
    fakeApi.failNext('POST /v1/users/me/password', {
      status: 400,
      code: 'weak_password',
      message: 'body.new_password: is one of the most commonly used passwords',
      details: [
        {
          path: 'body.new_password',
          message: 'is one of the most commonly used passwords; choose a less common one',
          code: 'common',
        },
      ],
    })
    await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }))
    expect(
      await screen.findByText(
        'Dieses Passwort gehört zu den am häufigsten verwendeten. Wählen Sie ein weniger verbreitetes.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText(/commonly used/)).toBeNull()
  })

  it('shows a banner only for what concerns no field', async () => {
    fakeApi.failNext('POST /v1/users/me/password', {
      status: 400,
      code: 'password_not_set',
      message: 'This account signs in with Google or Microsoft and has no password to change.',
    })
    renderWithQuery(<PasswordForm />)
    await fillIn(CURRENT, NEXT)
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account signs in with Google or Microsoft and has no password to change.',
    )
    expect(screen.getByLabelText(/^Current password/)).not.toHaveAttribute('aria-invalid')
    expect(screen.getByLabelText(/^New password/)).not.toHaveAttribute('aria-invalid')
  })
})
