import { mkdirSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/accessibility'
import { collectConsoleErrors } from './support/console-errors'
import { signInToDemo, submitDemoSignIn } from './support/demo'
import { expectNoHorizontalOverflow } from './support/layout'

// The dashboard (issue 13) on the demo workspace, which the e2e server creates on start-up.

const SHOTS = '/tmp/shots'
// The demo's analyses run in the background after start-up and slow the first answers down.
const LOAD_MS = 30_000

const filters = (page: Page) => page.getByRole('region', { name: 'Dashboard filters' })
const adherenceTable = (page: Page) =>
  page.getByRole('table', { name: 'Deals per playbook action and outcome' })

/**
 * What the filters select: how many deals and which actions, or the note that nothing matches.
 * (The counts per outcome move while the demo's analyses finish in the background.)
 */
async function viewText(page: Page) {
  const view = page
    .getByText(/^How far (the )?\d+ deals? got/)
    .or(page.getByRole('heading', { name: 'No deals match these filters' }))
  await expect(view).toBeVisible({ timeout: LOAD_MS })
  const actions = await adherenceTable(page).getByRole('rowheader').allInnerTexts()
  return [await view.innerText(), ...actions].join('\n')
}

test('dashboard filters survive a reload and a shared URL, and a cell opens its deals', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  mkdirSync(SHOTS, { recursive: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInToDemo(page)
  const errors = collectConsoleErrors(page)

  await page.goto('/dashboard/')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
    timeout: LOAD_MS,
  })
  await expect(adherenceTable(page)).toBeVisible({ timeout: LOAD_MS })
  // The URL names the pipeline shown, so the view can be shared.
  await expect(page).toHaveURL(/dashboard_pipeline=[0-9a-f-]{36}/)

  // Open deals only, in the pipeline's first stage, closing next quarter.
  await filters(page)
    .getByRole('button', { name: /^Status/ })
    .click()
  await page.getByRole('checkbox', { name: 'Open' }).click()
  await page.keyboard.press('Escape')
  await filters(page)
    .getByRole('button', { name: /^Stages/ })
    .click()
  const stages = page.getByRole('group', { name: 'Stages' })
  const firstStage = stages.getByRole('checkbox').nth(1)
  const stageName = (await stages.locator('label').nth(1).textContent()) ?? ''
  await firstStage.click()
  await page.keyboard.press('Escape')
  await filters(page).getByRole('combobox', { name: 'Close date' }).click()
  await page.getByRole('option', { name: 'Next quarter' }).click()
  await expect(page).toHaveURL(/dashboard_statuses=open/)
  await expect(page).toHaveURL(/dashboard_stages=[0-9a-f-]{36}/)
  await expect(page).toHaveURL(/dashboard_period=nextQuarter/)
  await expect(page).toHaveURL(/dashboard_startDate=\d{4}-\d{2}-\d{2}/)
  const shared = page.url()
  // Each filter is a step of history: Back takes the period away and nothing else, Forward
  // brings it back.
  const period = filters(page).getByRole('combobox', { name: 'Close date' })
  await page.goBack()
  await expect(page).not.toHaveURL(/dashboard_period/)
  await expect(period).toHaveText('All time')
  await expect(page).toHaveURL(/dashboard_statuses=open/)
  await expect(filters(page).getByRole('button', { name: `Stages ${stageName}` })).toBeVisible()
  await page.goForward()
  await expect(period).toHaveText('Next quarter')
  expect(page.url()).toBe(shared)
  const numbers = await viewText(page)

  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true })

  // A reload shows the same filters and the same numbers.
  await page.reload()
  await expect(filters(page).getByRole('button', { name: 'Status Open' })).toBeVisible({
    timeout: LOAD_MS,
  })
  await expect(filters(page).getByRole('button', { name: `Stages ${stageName}` })).toBeVisible()
  await expect(filters(page).getByRole('combobox', { name: 'Close date' })).toHaveText(
    'Next quarter',
  )
  expect(page.url()).toBe(shared)
  expect(await viewText(page)).toBe(numbers)

  // The same URL in a new browser, signed out at first: after signing in, the same view.
  const other = await browser.newContext()
  const second = await other.newPage()
  await second.setViewportSize({ width: 1280, height: 900 })
  await second.goto(shared)
  await second.waitForURL(/\/login\//)
  await submitDemoSignIn(second)
  await second.waitForURL(/\/dashboard\/\?/)
  await expect(filters(second).getByRole('button', { name: 'Status Open' })).toBeVisible({
    timeout: LOAD_MS,
  })
  await expect(filters(second).getByRole('button', { name: `Stages ${stageName}` })).toBeVisible()
  expect(await viewText(second)).toBe(numbers)
  expect(new URL(second.url()).searchParams.get('dashboard_stages')).toBe(
    new URL(shared).searchParams.get('dashboard_stages'),
  )
  await other.close()

  // A cell of the adherence table lists the deals behind it; one opens its deal screen.
  await filters(page).getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).not.toHaveURL(/dashboard_statuses/)
  const cell = adherenceTable(page).getByRole('button').first()
  await cell.click()
  const dialog = page.getByRole('dialog')
  const deal = dialog.getByRole('link').first()
  await expect(deal).toBeVisible()
  await expect(deal).not.toHaveText('Loading…')
  const dealName = (await deal.textContent()) ?? ''
  await deal.click()
  await expect(page).toHaveURL(/\/deals\/[0-9a-f-]{36}\/$/)
  await expect(page.getByRole('heading', { level: 1, name: dealName })).toBeVisible()

  // The other views: action progress, and the page on a phone.
  await page.goto('/dashboard/?dashboard_tab=progress')
  await expect(page.getByRole('tab', { name: 'Action progress' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(page.getByText(/^Engagements from /)).toBeVisible({ timeout: LOAD_MS })
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/dashboard-progress-1280.png`, fullPage: false })

  // The tab chosen last is kept (spec §2); the URL names the adherence tab to come back to it.
  await page.goto('/dashboard/?dashboard_tab=actions')
  await page.setViewportSize({ width: 375, height: 812 })
  await expect(adherenceTable(page)).toBeVisible({ timeout: LOAD_MS })
  await page.screenshot({ path: `${SHOTS}/dashboard-375.png`, fullPage: true })
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/dashboard-375.png`, fullPage: true })

  expect(errors).toEqual([])
})

test('the dashboard reads right to left in Arabic', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInToDemo(page)
  await page.goto('/dashboard/')
  await expect(adherenceTable(page)).toBeVisible({ timeout: LOAD_MS })
  await page.getByRole('button', { name: 'Language' }).click()
  await page.getByRole('menuitemradio', { name: 'العربية' }).click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('region', { name: 'فلاتر لوحة المعلومات' })).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'الصفقات حسب إجراء دليل البيع والنتيجة' }),
  ).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/dashboard-ar-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 375, height: 812 })
  // The adherence chart, its names left out on a phone, still draws its bars.
  await expect(page.locator('[data-slot=chart] [data-slot=bar-segment]').first()).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/dashboard-ar-375.png`, fullPage: true })
  await expectNoHorizontalOverflow(page)

  // The demo user's language is theirs: back to English for the specs that follow.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByRole('button', { name: 'اللغة' }).click()
  await page.getByRole('menuitemradio', { name: 'English' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})
