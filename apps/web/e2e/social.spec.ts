import { expect, test, type Page } from '@playwright/test'
import { PASSWORD, registerThroughEmail } from './support/accounts'
import { signGoogleIdToken } from './support/identity-provider'

/** Plays Google's part: the authorize page answers at once with an ID token for `identity`. */
async function actAsGoogle(page: Page, identity: { sub: string; email: string; name: string }) {
  await page.route('https://accounts.google.com/**', async (route) => {
    const request = new URL(route.request().url())
    const token = await signGoogleIdToken({
      ...identity,
      nonce: request.searchParams.get('nonce') ?? '',
    })
    const state = request.searchParams.get('state') ?? ''
    const back = `${request.searchParams.get('redirect_uri') ?? ''}#id_token=${token}&state=${state}`
    await route.fulfill({ status: 302, headers: { location: back } })
  })
}

test('sign up and sign in with Google', async ({ page }) => {
  const identity = {
    sub: `google-${Date.now()}`,
    email: `lin.${Date.now()}@example.com`,
    name: 'Lin Chen',
  }
  await actAsGoogle(page, identity)

  await page.goto('/login/')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page.getByText('No Dealcoach account uses this Google identity yet.')).toBeVisible()
  expect(page.url()).not.toContain('id_token')
  await page.getByRole('button', { name: 'Create an account with Google' }).click()
  // A new workspace's admin starts on onboarding.
  await expect(page).toHaveURL(/\/onboarding\/$/)
  await expect(page.getByRole('combobox', { name: 'Pipeline' })).toHaveText('New Business')

  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByText('Lin Chen')).toBeVisible()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login\/$/)

  // "Keep me signed in" travels through Google's redirect: the session cookie outlives the browser.
  await page.getByRole('checkbox', { name: 'Keep me signed in' }).check()
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page).toHaveURL(/\/onboarding\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Onboarding' })).toBeVisible()
  const cookies = await page.context().cookies()
  const refresh = cookies.find((cookie) => cookie.name === 'refresh_token')
  expect(refresh?.expires).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600)
})

test('Google is linked to an existing password account only once its password is given', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const { email } = await registerThroughEmail(page, 'Mae', 'Jemison')
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login\/$/)
  await actAsGoogle(page, { sub: `google-link-${Date.now()}`, email, name: 'Mae Jemison' })

  await page.getByRole('button', { name: 'Continue with Google' }).click()
  const dialog = page.getByRole('dialog', { name: 'Link Google to your account' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Link and sign in' }).click()
  await expect(dialog.getByText('Enter your password.')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Password of your Dealcoach account' }).fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Link and sign in' }).click()
  await expect(page).toHaveURL(/\/onboarding\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Onboarding' })).toBeVisible()

  // Linked: the next Google sign-in asks for nothing.
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page).toHaveURL(/\/onboarding\/$/)
})

test('an answer that does not match the sign-in started here is refused', async ({ page }) => {
  await page.goto('/login/#id_token=a.b.c&state=forged')
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in answer does not belong to a sign-in started here. Try again.',
  )
})
