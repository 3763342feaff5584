import { mkdirSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { acceptInvitation, registerThroughEmail, sendInvitation } from './support/accounts'
import { expectNoSeriousViolations } from './support/accessibility'
import { collectConsoleErrors } from './support/console-errors'
import { expectNoHorizontalOverflow } from './support/layout'

// Screenshots for people reviewing a run (next to Playwright's own output).
const SHOTS = 'test-results/screenshots'
mkdirSync(SHOTS, { recursive: true })

/** The stage names as shown in the editor's name fields, in order. */
const stageNames = (page: Page) =>
  page
    .getByRole('textbox', { name: /^Name of stage/ })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))

/** The stage card at a position (from 1), found through its labelled name field. */
const stageCard = (page: Page, position: number) =>
  page
    .locator('[data-slot="stage"]')
    .filter({ has: page.getByRole('textbox', { name: `Name of stage ${position}`, exact: true }) })

test('an admin creates a pipeline from a framework and shapes its stages and actions', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await registerThroughEmail(page, 'Maya', 'Okafor')
  const errors = collectConsoleErrors(page)

  await page.goto('/configure/pipelines/')
  await expect(page.getByRole('heading', { level: 1, name: 'Pipelines' })).toBeVisible()
  // The sign-up seeded one pipeline.
  await expect(page.getByRole('link', { name: 'New Business' })).toBeVisible()
  await expect(page.getByText('4 stages · 15 actions')).toBeVisible()
  await expectNoSeriousViolations(page)

  await page.getByRole('button', { name: 'New pipeline' }).click()
  const dialog = page.getByRole('dialog', { name: 'New pipeline' })
  await dialog.getByRole('radio', { name: 'MEDDIC', exact: true }).click()
  await expect(dialog.getByRole('textbox', { name: 'Pipeline name' })).toHaveValue(
    'MEDDIC pipeline',
  )
  await expect(dialog.getByRole('region', { name: 'What MEDDIC creates' })).toContainText(
    'Qualification',
  )
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/pipelines-create-dialog.png` })
  await dialog.getByRole('button', { name: 'Create pipeline' }).click()

  await expect(page).toHaveURL(/\/configure\/pipelines\/[0-9a-f-]{36}\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'MEDDIC pipeline' })).toBeVisible()
  await expect(page.getByText('Pipeline “MEDDIC pipeline” created.')).toBeVisible()
  expect(await stageNames(page)).toEqual([
    'Qualification',
    'Metrics and economic buyer',
    'Decision criteria',
    'Decision process',
    'Proposal and close',
  ])
  await expectNoSeriousViolations(page)

  // Rename in place.
  const first = page.getByRole('textbox', { name: 'Name of stage 1', exact: true })
  await first.fill('Discovery')
  await first.press('Enter')
  await expect(page.getByText('Stage renamed to “Discovery”.')).toBeVisible()

  // Reorder from the keyboard: the focus stays on the button, so it can be pressed again.
  const up = page.getByRole('button', { name: 'Move stage “Decision criteria” up' })
  await up.focus()
  await page.keyboard.press('Enter')
  await expect
    .poll(() => stageNames(page))
    .toEqual([
      'Discovery',
      'Decision criteria',
      'Metrics and economic buyer',
      'Decision process',
      'Proposal and close',
    ])
  await expect(up).toBeFocused()
  await page.keyboard.press('Enter')
  await expect
    .poll(() => stageNames(page))
    .toEqual([
      'Decision criteria',
      'Discovery',
      'Metrics and economic buyer',
      'Decision process',
      'Proposal and close',
    ])

  // Reorder with the mouse: drag the second stage's handle onto the first stage.
  await page
    .locator('[data-slot="stage-drag-handle"]')
    .nth(1)
    .dragTo(page.locator('[data-slot="stage"]').nth(0))
  await expect
    .poll(() => stageNames(page))
    .toEqual([
      'Discovery',
      'Decision criteria',
      'Metrics and economic buyer',
      'Decision process',
      'Proposal and close',
    ])

  // Add a stage, then a playbook action to it.
  await page.getByRole('textbox', { name: 'New stage' }).fill('Negotiation')
  await page.getByRole('button', { name: 'Add stage' }).click()
  await expect(page.getByText('Stage “Negotiation” added.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Name of stage 6', exact: true })).toHaveValue(
    'Negotiation',
  )
  await stageCard(page, 6).getByRole('button', { name: 'Add action' }).click()
  const actionDialog = page.getByRole('dialog', { name: 'New playbook action' })
  await actionDialog.getByRole('textbox', { name: 'Action' }).fill('Agree the redlines')
  await actionDialog
    .getByRole('textbox', { name: 'Why it matters' })
    .fill('Legal changes are settled before the signature, not during it.')
  await expectNoSeriousViolations(page)
  await actionDialog.getByRole('button', { name: 'Add action' }).click()
  await expect(page.getByText('Action “Agree the redlines” added.')).toBeVisible()
  await expect(stageCard(page, 6)).toContainText('Agree the redlines')

  // Remove a stage, after confirming.
  await page.getByRole('button', { name: 'Remove stage “Decision process”' }).click()
  const removeDialog = page.getByRole('dialog', { name: 'Remove stage “Decision process”?' })
  await expect(removeDialog).toContainText('Its 2 playbook actions are deleted with it.')
  await removeDialog.getByRole('button', { name: 'Remove stage' }).click()
  await expect(page.getByText('Stage “Decision process” removed.')).toBeVisible()

  // Deactivate.
  const active = page.getByRole('switch', { name: 'Active: MEDDIC pipeline' })
  await active.click()
  await expect(active).not.toBeChecked()
  await expect(page.getByText(/“MEDDIC pipeline” is inactive: its deals are hidden/)).toBeVisible()

  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/pipeline-admin-1280.png`, fullPage: true })

  // Everything was kept.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'MEDDIC pipeline' })).toBeVisible()
  expect(await stageNames(page)).toEqual([
    'Discovery',
    'Decision criteria',
    'Metrics and economic buyer',
    'Proposal and close',
    'Negotiation',
  ])
  await expect(stageCard(page, 5)).toContainText('Agree the redlines')
  await expect(page.getByRole('switch', { name: 'Active: MEDDIC pipeline' })).not.toBeChecked()

  await page.setViewportSize({ width: 375, height: 740 })
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/pipeline-admin-375.png`, fullPage: true })
  await page.screenshot({ path: `${SHOTS}/pipeline-admin-375-top.png` })

  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByRole('link', { name: 'All pipelines' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pipelines' })).toBeVisible()
  await expect(page.getByRole('switch', { name: 'Active: MEDDIC pipeline' })).not.toBeChecked()
  await expect(page.getByText('5 stages · 12 actions')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/pipelines-admin-1280.png`, fullPage: true })

  // Arabic lays both pages out right to left without breaking them.
  // One language preference: the header's picker saves it to the user, whose language a
  // reload applies (local storage alone would be overruled by the user's own).
  const saved = page.waitForResponse(
    (answer) => answer.url().endsWith('/v1/users/me') && answer.request().method() === 'PATCH',
  )
  await page.getByRole('button', { name: 'Language' }).click()
  await page.getByRole('menuitemradio', { name: 'العربية' }).click()
  await saved
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: 'مسارات المبيعات' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/pipelines-ar-1280.png`, fullPage: true })
  await page.getByRole('link', { name: 'MEDDIC pipeline' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'MEDDIC pipeline' })).toBeVisible()
  await page.setViewportSize({ width: 375, height: 740 })
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/pipeline-ar-375.png`, fullPage: true })
  await page.screenshot({ path: `${SHOTS}/pipeline-ar-375-top.png` })

  expect(errors).toEqual([])
})

test('a member sees the pipelines read-only', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await registerThroughEmail(page, 'Tomas', 'Berg')
  await page.goto('/settings/')
  const memberEmail = await sendInvitation(page, 'Ines', 'Duarte')
  const context = await browser.newContext()
  const member = await context.newPage()
  // The not-found check at the end asks for an unknown pipeline on purpose.
  const errors = collectConsoleErrors(member, [/\/v1\/pipelines\/0{8}-0{4}-/])
  await acceptInvitation(member, memberEmail)

  await member.goto('/configure/pipelines/')
  await expect(member.getByRole('heading', { level: 1, name: 'Pipelines' })).toBeVisible()
  await expect(member.getByText(/Only admins can change pipelines/)).toBeVisible()
  await expect(member.getByRole('switch', { name: 'Active: New Business' })).toBeDisabled()
  await expect(member.getByRole('button', { name: 'New pipeline' })).toHaveCount(0)
  await expect(member.getByRole('button', { name: /^Delete pipeline/ })).toHaveCount(0)
  await expectNoSeriousViolations(member)
  await member.screenshot({ path: `${SHOTS}/pipelines-member-1280.png`, fullPage: true })

  await member.getByRole('link', { name: 'New Business' }).click()
  await expect(member.getByRole('heading', { level: 1, name: 'New Business' })).toBeVisible()
  await expect(member.getByRole('heading', { level: 3, name: /Stage 1:\s*\S/ })).toBeVisible()
  await expect(member.getByRole('switch', { name: 'Active: New Business' })).toBeDisabled()
  await expect(member.getByRole('main').getByRole('textbox')).toHaveCount(0)
  await expect(member.getByRole('main').getByRole('button')).toHaveCount(0)
  await expectNoSeriousViolations(member)
  await member.screenshot({ path: `${SHOTS}/pipeline-member-1280.png`, fullPage: true })
  await member.setViewportSize({ width: 375, height: 740 })
  await expectNoHorizontalOverflow(member)
  await member.screenshot({ path: `${SHOTS}/pipeline-member-375.png`, fullPage: true })

  // An unknown id is the page's not-found state.
  await member.goto('/configure/pipelines/00000000-0000-4000-8000-000000000000/')
  await expect(member.getByRole('heading', { name: 'Pipeline not found' })).toBeVisible()
  expect(errors).toEqual([])
  await context.close()
})
