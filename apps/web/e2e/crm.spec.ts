import { expect, test } from '@playwright/test'
import { registerThroughEmail } from './support/accounts'
import { collectConsoleErrors } from './support/console-errors'
import { E2E_HUBSPOT_DEALS, E2E_PRIVATE_APP_TOKEN } from './support/hubspot'

test('an admin connects HubSpot with a private-app token and sees its deals appear', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await registerThroughEmail(page, 'Nia', 'Owner')
  // The browser logs the refused token's 400 as a failed resource; it is expected.
  const errors = collectConsoleErrors(page, [/\/v1\/crm-integrations\/connect$/])

  await page.goto('/onboarding/#crm')
  const crm = page.getByRole('region', { name: 'CRM' })
  await expect(crm.getByText('No CRM is linked yet.')).toBeVisible()
  await crm.getByRole('button', { name: 'Link HubSpot' }).click()

  // No OAuth app is configured here, so HubSpot is linked with a private app's token.
  const token = crm.getByLabel('Private-app access token')
  await token.fill('pat-na1-not-a-real-token')
  await crm.getByRole('button', { name: 'Connect HubSpot' }).click()
  await expect(token).toHaveAttribute('aria-invalid', 'true')
  await token.fill(E2E_PRIVATE_APP_TOKEN)
  await crm.getByRole('button', { name: 'Connect HubSpot' }).click()

  // The first sync runs as a job; the section follows it until the deals are in.
  await expect(crm.getByText('Linked to HubSpot')).toBeVisible({ timeout: 15_000 })
  await expect(crm.getByText('Connected', { exact: true })).toBeVisible()
  await expect(crm.getByText('HubSpot is connected. The first sync has started.')).toBeVisible()
  await expect(token).toHaveCount(0)
  await expect(crm.getByText(/Last synced on/)).toBeVisible({ timeout: 60_000 })
  await expect(crm.getByRole('button', { name: 'Sync now' })).toBeEnabled()
  await crm.screenshot({ path: 'test-results/screenshots/crm-hubspot-connected.png' })

  // HubSpot's pipeline is mirrored with its deals, which show on the pipeline overview.
  await page.goto('/pipeline-overview/')
  await page.getByRole('combobox', { name: 'Pipeline' }).click()
  await page.getByRole('option', { name: 'HubSpot Sales' }).click()
  for (const deal of E2E_HUBSPOT_DEALS) {
    await expect(page.getByRole('link', { name: deal })).toBeVisible({ timeout: 15_000 })
  }
  await page.screenshot({ path: 'test-results/screenshots/crm-hubspot-deals.png', fullPage: true })
  expect(errors).toEqual([])
})
