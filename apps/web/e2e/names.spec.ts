import { expect, test } from '@playwright/test'
import { registerThroughEmail } from './support/accounts'
import { expectNoSeriousViolations } from './support/accessibility'
import { collectConsoleErrors } from './support/console-errors'
import { expectNoHorizontalOverflow } from './support/layout'

// Screenshots for people reviewing a run: the two screens at desktop and phone widths.
const SHOTS = process.env.NAMES_SHOTS ?? 'test-results/screenshots'

test('an admin renames a pipeline and the workspace, and sees both names elsewhere', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await registerThroughEmail(page, 'Nia', 'Banks')
  const errors = collectConsoleErrors(page)

  // The pipeline the sign-up seeded, renamed from its page.
  await page.goto('/configure/pipelines/')
  await page.getByRole('link', { name: 'New Business' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New Business' })).toBeVisible()
  await page.getByRole('button', { name: 'Rename' }).click()
  const dialog = page.getByRole('dialog', { name: 'Rename pipeline' })
  const name = dialog.getByRole('textbox', { name: 'Pipeline name' })
  await expect(name).toHaveValue('New Business')
  await name.fill('Enterprise deals')
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/names-rename-pipeline-1280.png` })
  await dialog.getByRole('button', { name: 'Save name' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: 'Enterprise deals' })).toBeVisible()
  await expect(page.getByText('The pipeline is now called Enterprise deals.')).toBeVisible()
  // The header's picker and the list show the new name without a reload.
  await expect(page.getByRole('combobox', { name: 'Pipeline' })).toHaveText('Enterprise deals')
  await page.getByRole('link', { name: 'All pipelines' }).click()
  await expect(page.getByRole('link', { name: 'Enterprise deals' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'New Business' })).toHaveCount(0)

  // The workspace, renamed in Settings.
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Settings' }).click()
  await page.getByRole('tab', { name: 'Team' }).click()
  const workspace = page.getByRole('textbox', { name: 'Workspace name' })
  await expect(workspace).not.toHaveValue('')
  await workspace.fill('Banks & Partners')
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/names-workspace-1280.png`, fullPage: true })
  await page.getByRole('button', { name: 'Save workspace name' }).click()
  await expect(page.getByText('The workspace is now called Banks & Partners.')).toBeVisible()

  // The account menu names it at once, and still does on another page.
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menu')).toContainText('Banks & Partners')
  await page.keyboard.press('Escape')
  await page.getByRole('link', { name: 'Pipelines' }).first().click()
  await expect(page.getByRole('link', { name: 'Enterprise deals' })).toBeVisible()
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menu')).toContainText('Banks & Partners')
  await page.keyboard.press('Escape')

  // After a reload the server has both names.
  await page.goto('/settings/?tab=team')
  await expect(page.getByRole('textbox', { name: 'Workspace name' })).toHaveValue(
    'Banks & Partners',
  )

  // Phone width: both screens fit.
  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/names-workspace-375.png`, fullPage: true })
  await page.goto('/configure/pipelines/')
  await page.getByRole('link', { name: 'Enterprise deals' }).click()
  await page.getByRole('button', { name: 'Rename' }).click()
  await expect(page.getByRole('dialog', { name: 'Rename pipeline' })).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/names-rename-pipeline-375.png` })

  expect(errors).toEqual([])
})
