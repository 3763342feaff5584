import { expect, test } from '@playwright/test'
import { collectConsoleErrors } from './support/console-errors'
import { registerThroughEmail } from './support/accounts'
import { expectNoSeriousViolations } from './support/accessibility'

const PAGES = [
  { path: '/dashboard/?dashboard_tab=progress', heading: 'Dashboard' },
  { path: '/pipeline-overview/', heading: 'Pipeline overview' },
  { path: '/objections-handling/', heading: 'Objection handling' },
  { path: '/recent-activity/', heading: 'Recent activity' },
  { path: '/settings/', heading: 'Settings' },
  { path: '/onboarding/', heading: 'Onboarding' },
  { path: '/deals/00000000-0000-4000-8000-000000000000', heading: 'Deal' },
  { path: '/configure/product/', heading: 'Product' },
  { path: '/configure/pipelines/', heading: 'Pipelines' },
  { path: '/configure/pipelines/00000000-0000-4000-8000-000000000000', heading: 'Pipeline' },
  { path: '/configure/objections/?page=1', heading: 'Objection types' },
  { path: '/configure/objections/new', heading: 'New objection type' },
  {
    path: '/configure/objections/00000000-0000-4000-8000-000000000000/edit',
    heading: 'Objection type not found',
  },
]

test('every private page renders for a signed-in user, accessibly, at 1280 and 375 px', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  await registerThroughEmail(page)
  // The unknown pipeline, objection type and deal are looked up and answered 404, as they should be.
  const errors = collectConsoleErrors(page, [/\/v1\/(pipelines|objections\/types|deals)\/0{8}-/])

  for (const { path, heading } of PAGES) {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible()
    await expectNoSeriousViolations(page)
    const name = path.split('?')[0]?.replaceAll(/[^a-z0-9]+/g, '-') ?? 'page'
    await page.screenshot({ path: testInfo.outputPath(`${name}-1280.png`), fullPage: true })

    await page.setViewportSize({ width: 375, height: 740 })
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow, path).toBeLessThanOrEqual(0)
    await page.screenshot({ path: testInfo.outputPath(`${name}-375.png`), fullPage: true })
  }
  expect(errors).toEqual([])
})

test('an unknown page shows the not-found page to a signed-in user', async ({ page }) => {
  await registerThroughEmail(page, 'Alan', 'Turing')
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return to dashboard' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Let us know' })).toHaveAttribute('href', /^mailto:/)
  await expectNoSeriousViolations(page)

  await page.getByRole('link', { name: 'Return to dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard\/$/)
})

test('the mobile navigation reaches every section', async ({ page }) => {
  await registerThroughEmail(page, 'Katherine', 'Johnson')
  await page.setViewportSize({ width: 375, height: 740 })
  await page.getByRole('button', { name: 'Open navigation' }).click()
  await page.getByRole('dialog').getByRole('link', { name: 'Recent activity' }).click()
  // The feed names the pipeline it shows in the URL, so the view can be shared.
  await expect(page).toHaveURL(/\/recent-activity\/(\?pipeline=[0-9a-f-]{36})?$/)
  await expect(page.getByRole('dialog')).toBeHidden()
})

test('Arabic lays the application out right to left, components included', async ({ page }) => {
  await registerThroughEmail(page, 'Amal', 'Haddad')
  await page.goto('/settings/')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await page.getByRole('button', { name: 'Language' }).click()
  await page.getByRole('menuitemradio', { name: 'العربية' }).click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('[data-slot="tabs"]')).toHaveAttribute('dir', 'rtl')

  // The first tab sits at the right-hand end in a right-to-left layout.
  const [first, last] = await Promise.all([
    page.getByRole('tab').first().boundingBox(),
    page.getByRole('tab').last().boundingBox(),
  ])
  expect(first?.x ?? 0).toBeGreaterThan(last?.x ?? 0)
})
