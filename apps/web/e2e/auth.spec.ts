import { expect, test } from '@playwright/test'
import { registerThroughEmail, signIn } from './support/accounts'

test('register, follow the e-mailed link, finish, sign out, sign in, and come back to a saved page', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const { email } = await registerThroughEmail(page)

  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByText('Ada Lovelace')).toBeVisible()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login\/$/)

  // Signed out means signed out: the refresh cookie was revoked, so a reload stays out.
  await page.goto('/dashboard/')
  await expect(page).toHaveURL(/\/login\/$/)

  // A private page opened while signed out comes back after signing in.
  await page.goto('/configure/objections/?page=2')
  await expect(page).toHaveURL(/\/login\/$/)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/configure\/objections\/\?page=2$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Objection types' })).toBeVisible()

  // The session survives a reload: the refresh cookie brings a new access token.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Objection types' })).toBeVisible()
})

test('a join link works once', async ({ page }) => {
  const { joinLink } = await registerThroughEmail(page, 'Grace', 'Hopper')
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login\/$/)

  await page.goto(joinLink)
  await expect(page.getByRole('alert')).toContainText('This link has already been used.')
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
})

test('a wrong password is refused with a clear message', async ({ page }) => {
  await page.goto('/login/')
  await page.getByLabel('E-mail').fill('nobody@example.com')
  await page.getByLabel('Password', { exact: true }).fill('not the right password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not right.')
})

test('tabs opened and reloaded at the same moment stay signed in, and the password field can be shown', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await registerThroughEmail(page, 'Katherine', 'Johnson')
  // A browser restoring its tabs: each one refreshes its session on load, all at once.
  const tabs = [page, await context.newPage(), await context.newPage(), await context.newPage()]
  for (let round = 0; round < 2; round++) {
    await Promise.all(tabs.map((tab) => tab.goto('/dashboard/')))
    for (const tab of tabs) {
      // Four dashboards load at once on two cores: the page may take a while, the sign-in not.
      await expect(tab.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
        timeout: 20_000,
      })
      await expect(tab).toHaveURL(/\/dashboard\//)
    }
  }
  // The session is still whole: a later reload of any tab stays in.
  await tabs[3]?.reload()
  await expect(tabs[3]!.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

  // Settings › Password: the new password's strength shows as it is typed, and it can be shown.
  await page.goto('/settings/?tab=password')
  const next = page.getByLabel('New password', { exact: true })
  await next.fill('correct horse battery staple')
  await expect(page.getByRole('meter', { name: 'Strength of this password' })).toHaveAttribute(
    'aria-valuetext',
    'Strong',
  )
  await expect(next).toHaveAttribute('type', 'password')
  await page.getByRole('button', { name: 'Show password' }).nth(1).click()
  await expect(next).toHaveAttribute('type', 'text')
})
