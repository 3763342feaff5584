import { expect, type Page } from '@playwright/test'
import { waitForLink } from './mailbox'

export const PASSWORD = 'a long and private passphrase'

/** Signs up through the real flow: the form, the e-mailed join link, the password. Ends on onboarding, as a new admin does. */
export async function registerThroughEmail(
  page: Page,
  firstName = 'Ada',
  lastName = 'Lovelace',
): Promise<{ email: string; joinLink: string }> {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`
  await page.goto('/register/')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('First name').fill(firstName)
  await page.getByLabel('Last name').fill(lastName)
  await page.getByRole('button', { name: 'Send me the link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()

  const joinLink = await waitForLink(
    email,
    /http:\/\/127\.0\.0\.1:\d+\/complete_registration\/[A-Za-z0-9_-]+/,
  )
  await page.goto(joinLink)
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create my account' }).click()
  await expect(page).toHaveURL(/\/onboarding\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Onboarding' })).toBeVisible()
  return { email, joinLink }
}

export async function signIn(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** On the settings page: invites a teammate from the Team tab. Answers their e-mail address. */
export async function sendInvitation(page: Page, firstName: string, lastName: string) {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`
  await page.getByRole('tab', { name: 'Team' }).click()
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('textbox', { name: 'First name' }).fill(firstName)
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastName)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible()
  return email
}

/** Follows the invitation e-mailed to `email` in `page` (a fresh browser context) and sets a password. */
export async function acceptInvitation(page: Page, email: string) {
  const joinLink = await waitForLink(
    email,
    /http:\/\/127\.0\.0\.1:\d+\/complete_registration\/[A-Za-z0-9_-]+/,
  )
  await page.goto(joinLink)
  await page.getByLabel(/^Password/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create my account' }).click()
  await expect(page).toHaveURL(/\/dashboard\/$/)
}
