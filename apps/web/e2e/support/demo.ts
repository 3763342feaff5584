import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'

/** The demo's admin sign-in, written by the e2e server when it created the workspace on start-up. */
function demoCredentials(): { email: string; password: string } {
  const file = `${process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'}/demo-credentials.txt`
  const [email = '', password = ''] = readFileSync(file, 'utf8').split('\n')
  return { email, password }
}

/** Fills in and sends the sign-in form the page shows, as the demo's admin. */
export async function submitDemoSignIn(page: Page) {
  const { email, password } = demoCredentials()
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Signs in to the demo from the login page and waits for the page it lands on. */
export async function signInToDemo(page: Page) {
  await page.goto('/login/')
  await submitDemoSignIn(page)
  // The dashboard may write its filters into the address as it lands.
  await page.waitForURL(/\/(dashboard|onboarding)\/(\?.*)?$/)
}
