import '@/test-support/dom-polyfills'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { getI18n } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LanguageSelect } from '@/components/layout/language-select'
import { LanguageSwitcher } from '@/components/layout/language-switcher'
import { setAccessToken } from '@/lib/access-token'
import { apiRequest } from '@/lib/api-client'
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n'
import { fakeApi } from '@/test-support/fake-api/fake-api'
import { renderWithQuery } from '@/test-support/render-with-query'
import { ProfileForm } from './profile-form'

const PASSWORD = 'correct horse battery'

/** Signs in with e-mail and password, as a new browser would: a new session. */
async function signIn() {
  fakeApi.seed({ passwords: { [fakeApi.state.me.email]: PASSWORD } })
  const { access_token } = await apiRequest<{ access_token: string }>('/auth/email-login', {
    method: 'POST',
    body: { email: fakeApi.state.me.email, password: PASSWORD },
  })
  setAccessToken(access_token)
}

const languageWrites = () =>
  fakeApi.writes().filter((write) => write.method === 'PATCH' && write.url === '/v1/users/me')

describe('one language preference', () => {
  afterEach(async () => {
    setAccessToken(null)
    localStorage.clear()
    await getI18n().changeLanguage('en')
  })

  it('the header picker and Settings show one language, and a choice in either is saved', async () => {
    await signIn()
    renderWithQuery(
      <>
        <LanguageSwitcher />
        <ProfileForm user={fakeApi.state.me} />
      </>,
    )
    const settings = screen.getByRole('combobox', { name: 'Language' })
    expect(settings).toHaveTextContent('English')

    await userEvent.click(screen.getByRole('button', { name: /^Language:/ }))
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Français' }))
    await vi.waitFor(() => expect(languageWrites()).toEqual([expect.anything()]))
    expect(languageWrites()[0]?.body).toEqual({ language: 'fr' })
    expect(getI18n().language).toBe('fr')
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveTextContent('Français')

    await userEvent.click(screen.getByRole('combobox', { name: 'Language' }))
    await userEvent.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: 'Deutsch' }),
    )
    await vi.waitFor(() => expect(fakeApi.state.me.language).toBe('de'))
    expect(getI18n().language).toBe('de')
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de')
  })

  it('saving the profile keeps the page’s language', async () => {
    await signIn()
    await getI18n().changeLanguage('de')
    renderWithQuery(<ProfileForm user={{ ...fakeApi.state.me, language: 'en' }} />)
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    await vi.waitFor(() => expect(languageWrites()).toHaveLength(1))
    expect(languageWrites()[0]?.body).toMatchObject({ language: 'de' })
    expect(getI18n().language).toBe('de')
  })

  it('a new sign-in in another browser applies the language stored on the user', async () => {
    fakeApi.state.me.language = 'de'
    expect(getI18n().language).toBe('en')
    await signIn()
    renderWithQuery(<LanguageSwitcher />)
    await vi.waitFor(() => expect(getI18n().language).toBe('de'))
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de')
    expect(fakeApi.requests().map((request) => request.url)).toContain('/v1/users/me')
    // Applying the stored language saves nothing back.
    expect(languageWrites()).toEqual([])
  })

  it('a language picked on the sign-in page survives signing in and becomes the user’s', async () => {
    const page = renderWithQuery(<LanguageSelect />)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de')
    await vi.waitFor(() => expect(getI18n().language).toBe('de'))
    page.unmount()
    expect(fakeApi.state.me.language).toBe('en')

    await signIn()
    renderWithQuery(<LanguageSwitcher />)
    await vi.waitFor(() => expect(languageWrites()).toHaveLength(1))
    expect(languageWrites()[0]?.body).toEqual({ language: 'de' })
    expect(getI18n().language).toBe('de')
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de')
  })

  it('a language this browser kept from an earlier visit wins over the user’s at sign-in', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr')
    await getI18n().changeLanguage('fr')
    fakeApi.state.me.language = 'de'
    await signIn()
    renderWithQuery(<LanguageSwitcher />)
    await vi.waitFor(() => expect(fakeApi.state.me.language).toBe('fr'))
    expect(getI18n().language).toBe('fr')
  })

  it('before sign-in the choice stays in this browser only', async () => {
    renderWithQuery(<LanguageSwitcher />)
    await userEvent.click(screen.getByRole('button', { name: /^Language:/ }))
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Español' }))
    await vi.waitFor(() => expect(getI18n().language).toBe('es'))
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es')
    expect(fakeApi.requests()).toEqual([])
  })
})
