import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/accessibility'
import { collectConsoleErrors } from './support/console-errors'
import { signInToDemo } from './support/demo'
import { expectNoHorizontalOverflow } from './support/layout'

// The deal screen (issue 12) on the demo workspace, which the e2e server creates on start-up.

const SHOTS = '/tmp/shots'

/** Opens deals from the overview until one whose solution fit is assessed; answers its name. */
async function openScoredDeal(page: Page): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    await page.goto('/pipeline-overview/')
    const link = page.locator('main').getByRole('link', { name: /.+/ }).nth(attempt)
    const name = (await link.textContent())?.trim() ?? ''
    await link.click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    // The demo's analyses run in the background after start-up: the gauge appears once it is in.
    const gauge = page.getByRole('img', { name: /^Solution fit tier [1-4] of 4/ })
    const pending = page.getByRole('heading', { name: 'Assessment pending' })
    await expect(gauge.or(pending)).toBeVisible({ timeout: 15_000 })
    if (await gauge.isVisible()) return name
    await page.waitForTimeout(5_000)
    await page.reload()
    if (
      await gauge
        .waitFor({ timeout: 20_000 })
        .then(() => true)
        .catch(() => false)
    )
      return name
  }
  throw new Error('No demo deal has a solution fit')
}

test('the deal screen shows a demo deal’s analysis, activity, contacts and solution fit', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInToDemo(page)
  const errors = collectConsoleErrors(page)

  await openScoredDeal(page)
  await expect(page).toHaveURL(/\/deals\/[0-9a-f-]{36}\/$/)
  await expect(page.getByRole('tab', { name: 'Analysis', selected: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Playbook actions' })).toBeVisible()
  // Every action of the pipeline is listed, stage by stage, with how many of each are done.
  const actions = page.getByRole('region', { name: 'Playbook actions' })
  await expect(actions.getByText(/^\d+ of \d+ completed$/).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Objections raised' })).toBeVisible()
  await expect(page.getByText('Confidence score')).toBeVisible()
  await expect(page.getByText(/^\d+ \/ 12$/)).toBeVisible()
  await expect(page.getByRole('meter')).toHaveCount(4)
  await page.waitForTimeout(1_000) // the gauge's marker has settled
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/deal-analysis-1280.png`, fullPage: true })

  // The evidence dialog lists each criterion's evidence and gives focus back to its button.
  const evidence = page.getByRole('button', { name: 'Evidence' })
  await evidence.click()
  const dialog = page.getByRole('dialog', { name: 'Solution-fit evidence' })
  await expect(dialog.getByRole('heading', { level: 3 })).toHaveCount(4)
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/deal-evidence-1280.png` })
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(evidence).toBeFocused()

  // Activity: a call opens as a transcript with the analysis's evidence marked.
  await page.getByRole('tab', { name: 'Activity' }).click()
  await expect(page).toHaveURL(/\?tab=activity$/)
  const openers = page.getByRole('button', { name: /open the call or e-mail/ })
  await expect(openers.first()).toBeVisible()
  let marked = false
  for (let index = 0; index < Math.min(await openers.count(), 6) && !marked; index += 1) {
    await openers.nth(index).click()
    const viewer = page.getByRole('dialog')
    await expect(viewer.getByText(/Highlighted sentences|quoted nothing/)).toBeVisible()
    marked = (await viewer.locator('mark').count()) > 0
    if (marked) {
      await expect(viewer.locator('mark').first()).toContainText('Evidence:')
      await expectNoSeriousViolations(page)
      await page.screenshot({ path: `${SHOTS}/deal-transcript-1280.png` })
    }
    await page.keyboard.press('Escape')
    await expect(viewer).toHaveCount(0)
  }
  expect(marked).toBe(true)
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/deal-activity-1280.png`, fullPage: true })

  await page.getByRole('tab', { name: 'Contacts' }).click()
  await expect(page).toHaveURL(/\?tab=contacts$/)
  await expect(
    page
      .getByRole('tabpanel', { name: 'Contacts' })
      .getByText(/calls? or e-mails? · last on|Not engaged yet|No contacts yet/)
      .first(),
  ).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/deal-contacts-1280.png`, fullPage: true })

  // On a phone: nothing sticks out sideways.
  await page.setViewportSize({ width: 375, height: 812 })
  await page.getByRole('tab', { name: 'Analysis' }).click()
  await expect(page.getByRole('heading', { name: 'Playbook actions' })).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/deal-analysis-375.png`, fullPage: true })
  await page.getByRole('tab', { name: 'Activity' }).click()
  await expect(openers.first()).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/deal-activity-375.png`, fullPage: true })
  await page.getByRole('button', { name: 'Evidence' }).click()
  await expect(page.getByRole('dialog', { name: 'Solution-fit evidence' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/deal-evidence-375.png` })
  await page.keyboard.press('Escape')

  expect(errors).toEqual([])
})

test('a new deal with nothing to score shows the assessment as pending', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInToDemo(page)
  const errors = collectConsoleErrors(page)

  await page.goto('/pipeline-overview/')
  await page.getByRole('button', { name: 'New deal' }).click()
  const dialog = page.getByRole('dialog', { name: 'New deal' })
  await dialog.getByRole('textbox', { name: 'Deal name' }).fill('Unscored pilot')
  await dialog.getByRole('button', { name: 'Create deal' }).click()
  await expect(page).toHaveURL(/\/deals\/[0-9a-f-]{36}\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Unscored pilot' })).toBeVisible()

  await expect(page.getByRole('heading', { name: 'Assessment pending' })).toBeVisible()
  await expect(page.getByText(/not enough information about this deal/)).toBeVisible()
  await expect(page.getByText('No analysis yet — upload a call or e-mail.')).toBeVisible()
  await page.getByRole('tab', { name: 'Activity' }).click()
  await expect(page.getByRole('heading', { name: 'No calls or e-mails yet' })).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/deal-pending-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 375, height: 812 })
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/deal-pending-375.png`, fullPage: true })
  expect(errors).toEqual([])
})
