import { expect, test } from '@playwright/test'
import { registerThroughEmail } from './support/accounts'
import { expectNoSeriousViolations } from './support/accessibility'

const serverError = {
  status: 500,
  json: { error: { code: 'internal_error', message: 'Something went wrong' } },
}

test('the error-page variants render accessibly where they occur', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  await registerThroughEmail(page, 'Hedy', 'Lamarr')
  await expect(page.getByRole('combobox', { name: 'Pipeline' })).toHaveText('New Business')

  // dashboard: its data cannot be loaded; trying again resets the filters and reloads.
  await page.route('**/v1/pipelines?*', (route) => route.fulfill(serverError))
  await page.goto('/dashboard/?dashboard_tab=progress')
  await expect(
    page.getByRole('heading', { level: 1, name: 'The dashboard could not be loaded' }),
  ).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: testInfo.outputPath('dashboard-variant.png'), fullPage: true })
  await page.unroute('**/v1/pipelines?*')
  await page.getByRole('button', { name: 'Try again' }).click()
  // The tab filter is gone; the default pipeline may already be written back into the address.
  await expect(page).toHaveURL(
    (url) => url.pathname === '/dashboard/' && !url.searchParams.has('dashboard_tab'),
  )
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

  // no-pipelines: the organisation has no active pipeline.
  await page.route('**/v1/pipelines?*', (route) =>
    route.fulfill({ json: { models: [], pagination: { page: 1, page_size: 100, total: 0 } } }),
  )
  await page.goto('/dashboard/')
  await expect(page.getByRole('heading', { level: 1, name: 'No active pipeline' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Configure pipelines' })).toHaveAttribute(
    'href',
    '/configure/pipelines/',
  )
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: testInfo.outputPath('no-pipelines-variant.png'), fullPage: true })
  await page.unroute('**/v1/pipelines?*')

  // error: any other page whose data fails.
  await page.route('**/v1/users/me', (route) => route.fulfill(serverError))
  await page.goto('/settings/')
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: testInfo.outputPath('error-variant.png'), fullPage: true })
})
