import { expect, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/accessibility'
import { collectConsoleErrors } from './support/console-errors'
import { signInToDemo } from './support/demo'
import { expectNoHorizontalOverflow } from './support/layout'

// The recent-activity feed (issue 13) on the demo workspace, which the e2e server creates on
// start-up with deals active up to today.

const SHOTS = '/tmp/shots'

test('recent activity lists the demo’s last 30 days by day and opens an item on its deal', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInToDemo(page)
  const errors = collectConsoleErrors(page)

  await page.goto('/recent-activity/')
  await expect(page.getByRole('heading', { level: 1, name: 'Recent activity' })).toBeVisible()
  // The URL names the pipeline shown, so the view can be shared.
  await expect(page).toHaveURL(/\/recent-activity\/\?pipeline=[0-9a-f-]{36}/)
  const firstDay = page.locator('main section').first()
  await expect(firstDay.getByRole('heading', { level: 2 })).toBeVisible()
  await expect(page.getByText(/^Activity of \d+ of \d+ deals$/)).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/recent-activity-1280.png`, fullPage: false })

  await page.setViewportSize({ width: 375, height: 812 })
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/recent-activity-375.png`, fullPage: false })
  await page.setViewportSize({ width: 1280, height: 900 })

  // An engagement item opens its deal's activity tab at that engagement. (Today may hold only
  // the stage moves other specs made on the demo, so the first call or e-mail of any day.)
  const item = page
    .getByRole('main')
    .getByRole('link', { name: /^(Call|E-mail|Meeting|Note): / })
    .first()
  const dealName = (await item.locator('span.text-xs').last().textContent())?.split(' · ')[0]
  await item.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/deals\/[0-9a-f-]{36}\/\?tab=activity#engagement-[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: dealName })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Activity', selected: true })).toBeVisible()

  expect(errors).toEqual([])
})
