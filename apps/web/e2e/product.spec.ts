import { expect, test } from '@playwright/test'
import { registerThroughEmail } from './support/accounts'
import { expectNoSeriousViolations } from './support/accessibility'

test('an admin describes the product and it is kept', async ({ page }) => {
  await registerThroughEmail(page, 'Priya', 'Natarajan')
  await page.goto('/configure/product/')
  await expect(page.getByRole('heading', { level: 1, name: 'Product' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Value propositions' })).toContainText(
    'Nothing added yet.',
  )
  await expectNoSeriousViolations(page)

  await page.getByLabel('Product name').fill('  Routewise  ')
  await page.getByLabel('What it does').fill('Route planning for field service teams.')
  await page.getByRole('button', { name: 'Add value proposition' }).click()
  await page.keyboard.type('Cut drive time by a fifth')
  await page.getByRole('button', { name: 'Add value proposition' }).click()
  await page.getByRole('button', { name: 'Add competitor' }).click()
  await page.keyboard.type('MapFleet')
  await page.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByText('The product is saved.')).toBeVisible()

  await page.reload()
  await expect(page.getByLabel('Product name')).toHaveValue('Routewise')
  await expect(page.getByRole('textbox', { name: 'value proposition 1' })).toHaveValue(
    'Cut drive time by a fifth',
  )
  // The empty second entry was dropped by the server.
  await expect(page.getByRole('textbox', { name: 'value proposition 2' })).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'competitor 1' })).toHaveValue('MapFleet')
})
