import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/accessibility'
import { PASSWORD, registerThroughEmail } from './support/accounts'
import { collectConsoleErrors } from './support/console-errors'
import { waitForLink } from './support/mailbox'

const NEW_PASSWORD = 'a fresh and equally private passphrase'

test('a forgotten password: the e-mailed link sets a new one and every other session ends', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  // The first browser stays signed in: the reset must sign it out.
  const { email } = await registerThroughEmail(page)

  const context = await browser.newContext()
  const visitor = await context.newPage()
  // The old password and the spent link are tried once each on purpose.
  const errors = collectConsoleErrors(visitor, [
    /\/auth\/email-login$/,
    /\/auth\/password-reset\/confirm$/,
  ])
  await visitor.goto('/login/')
  await visitor.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(visitor).toHaveURL(/\/forgot-password\/$/)
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Reset your password' }),
  ).toBeVisible()
  await expectNoSeriousViolations(visitor)
  await visitor.getByLabel('E-mail').fill(email)
  await visitor.getByLabel('E-mail').press('Enter')
  await expect(visitor.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
  await expect(visitor.getByRole('status')).toContainText(`If an account uses ${email}`)

  const resetLink = await waitForLink(
    email,
    /http:\/\/127\.0\.0\.1:\d+\/reset-password\/[A-Za-z0-9_-]+/,
  )
  await visitor.goto(resetLink)
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible()
  await expectNoSeriousViolations(visitor)
  await visitor.getByLabel(/^New password/).fill(NEW_PASSWORD)
  await visitor.getByRole('button', { name: 'Set my new password' }).click()
  await expect(visitor).toHaveURL(/\/login\/\?password_reset=done$/)
  await expect(
    visitor.getByRole('status').filter({
      hasText: 'Your password has been changed. Sign in with your new password.',
    }),
  ).toBeVisible()

  // The old password no longer works; the new one does.
  await visitor.getByLabel('E-mail').fill(email)
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await visitor.getByRole('button', { name: 'Sign in' }).click()
  await expect(visitor.getByRole('alert')).toHaveText('The e-mail or password is not right.')
  await visitor.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD)
  await visitor.getByRole('button', { name: 'Sign in' }).click()
  await expect(visitor).toHaveURL(/\/onboarding\/$/)

  // The link works once.
  await visitor.goto(resetLink)
  await visitor.getByLabel(/^New password/).fill('yet another private passphrase')
  await visitor.getByRole('button', { name: 'Set my new password' }).click()
  await expect(visitor.getByRole('alert')).toContainText('This link has already been used.')
  expect(errors).toEqual([])
  await context.close()

  // The first browser's session was ended by the reset: its next page load goes to sign-in.
  await page.goto('/dashboard/')
  await expect(page).toHaveURL(/\/login\/$/)
})
