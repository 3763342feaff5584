import { expect, test, type Page } from '@playwright/test'
import { waitForLink } from './support/mailbox'

const PASSWORD = 'a long and private passphrase'

async function signIn(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('register, follow the e-mailed link, finish, sign out, sign in, and come back to a saved page', async ({
  page,
}) => {
  const email = `ada.${Date.now()}@example.com`

  await page.goto('/register/')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByRole('button', { name: 'Send me the link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()

  const link = await waitForLink(
    email,
    /http:\/\/127\.0\.0\.1:\d+\/complete_registration\/[A-Za-z0-9_-]+/,
  )
  await page.goto(link)
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create my account' }).click()

  await expect(page).toHaveURL(/\/dashboard\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login\/$/)

  // A private page opened while signed out comes back after signing in.
  await page.goto('/configure/objections/?page=2')
  await expect(page).toHaveURL(/\/login\/$/)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/configure\/objections\/\?page=2$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Objection types' })).toBeVisible()

  // The session survives a reload: the refresh cookie gives a new access token.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Objection types' })).toBeVisible()
})

test('a wrong password is refused with a clear message', async ({ page }) => {
  await page.goto('/login/')
  await page.getByLabel('E-mail').fill('nobody@example.com')
  await page.getByLabel('Password').fill('not the right password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not right.')
})
