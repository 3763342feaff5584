import { expect, test } from '@playwright/test'
import { PASSWORD, registerThroughEmail, signIn } from './support/accounts'

test('one language preference: the header and Settings agree, saving keeps it, and a new browser signs in with it', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000)
  const { email } = await registerThroughEmail(page)
  await page.goto('/settings/')
  const html = page.locator('html')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()

  // The header's picker changes the page and what Settings shows.
  await page.getByRole('button', { name: 'Language' }).click()
  await page.getByRole('menuitemradio', { name: 'Français' }).click()
  await expect(html).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveText('Français')

  // Settings changes the page and what the header shows.
  await page.getByRole('combobox', { name: 'Langue' }).click()
  await page.getByRole('option', { name: 'Deutsch' }).click()
  await expect(html).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('button', { name: 'Sprache' })).toContainText(/de/i)

  // Saving the profile keeps the language.
  await page.getByRole('button', { name: 'Profil speichern' }).click()
  await expect(page.getByText('Ihr Profil wurde gespeichert.')).toBeVisible()
  await expect(html).toHaveAttribute('lang', 'de')

  // Another browser starts in English and signs in to the user's German.
  const other = await browser.newContext()
  const second = await other.newPage()
  await second.goto('/login/')
  await expect(second.locator('html')).toHaveAttribute('lang', 'en')
  await signIn(second, email)
  await expect(second).toHaveURL(/\/onboarding\/$/)
  await expect(second.locator('html')).toHaveAttribute('lang', 'de')
  await other.close()

  // A language picked on the sign-in page is the newest choice: signing in keeps it, as the user's.
  const third = await browser.newContext()
  const picked = await third.newPage()
  await picked.goto('/login/')
  await picked.getByLabel('Language').selectOption('es')
  await expect(picked.locator('html')).toHaveAttribute('lang', 'es')
  await picked.getByLabel('Correo electrónico').fill(email)
  await picked.getByLabel('Contraseña', { exact: true }).fill(PASSWORD)
  await picked.getByRole('button', { name: 'Iniciar sesión' }).click()
  await expect(picked).toHaveURL(/\/onboarding\/$/)
  await expect(picked.locator('html')).toHaveAttribute('lang', 'es')
  await picked.goto('/settings/')
  await expect(picked.getByRole('combobox', { name: 'Idioma' })).toHaveText('Español')
  await third.close()
})
