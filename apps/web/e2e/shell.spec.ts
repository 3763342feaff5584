import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/accessibility'
import { collectConsoleErrors } from './support/console-errors'

const PUBLIC_PAGES = [
  { path: '/login/', heading: 'Sign in' },
  { path: '/register/', heading: 'Create your account' },
  // An unknown join key: the page explains the link is not valid (the 404 is expected).
  {
    path: '/complete_registration/some-join-key',
    heading: 'Finish your registration',
    failing: /\/register\//,
  },
]

const PRIVATE_PAGES = [
  '/',
  '/onboarding/',
  '/dashboard/?dashboard_tab=progress',
  '/pipeline-overview/',
  '/objections-handling/',
  '/recent-activity/',
  '/settings/',
  '/deals/123',
  '/configure/product/',
  '/configure/pipelines/',
  '/configure/pipelines/abc',
  '/configure/objections/?page=2',
  '/configure/objections/new',
  '/configure/objections/abc/edit',
]

for (const { path, heading, failing } of PUBLIC_PAGES) {
  test(`${path} renders, is accessible, and fits 1280 and 375 px`, async ({ page }, testInfo) => {
    const errors = collectConsoleErrors(page, failing ? [failing] : [])
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()

    await expectNoSeriousViolations(page)

    const name = path.replaceAll(/[^a-z0-9]+/g, '-')
    await page.screenshot({ path: testInfo.outputPath(`${name}-1280.png`), fullPage: true })
    await page.setViewportSize({ width: 375, height: 740 })
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: testInfo.outputPath(`${name}-375.png`), fullPage: true })
    expect(errors).toEqual([])
  })
}

test('a signed-out visitor of any private page is sent to /login with the location saved', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page)
  for (const path of PRIVATE_PAGES) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/login\/$/)
    const saved = await page.evaluate(() => sessionStorage.getItem('redirect_after_login'))
    expect(saved, path).toContain(path.split('?')[0]?.replace(/\/$/, '') ?? '')
  }
  expect(errors).toEqual([])
})

test('an unknown page sends a signed-out visitor to /login', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page).toHaveURL(/\/login\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
})

test('choosing Arabic turns the layout right-to-left and survives a reload', async ({ page }) => {
  await page.goto('/login/')
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')

  await page.getByRole('combobox', { name: 'Language' }).selectOption('ar')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')

  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sign in')
})
