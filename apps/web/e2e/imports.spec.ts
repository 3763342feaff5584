import { expect, type Locator, type Page, test } from '@playwright/test'
import { registerThroughEmail } from './support/accounts'
import { collectConsoleErrors } from './support/console-errors'

/** A spreadsheet of the user's own making: semicolons, and headers no CRM exports. */
const pipelineCsv = (ownerEmail: string) =>
  [
    'Opportunity;Phase;Value;Owner',
    `Weber Logistics route planning;Discovery;48000;${ownerEmail}`,
    `Hansen Freight fleet pilot;Demo;12000;${ownerEmail}`,
    // "On hold" is no stage of the new workspace's pipeline: the dry run reports that row, and
    // the admin matches it to a stage by hand.
    'Nordlicht renewal;On hold;5000;',
  ].join('\n')

/** The figure under a count's label in a region of counts ("Would create" → "2"). */
const countOf = (region: Locator, label: string) =>
  region
    .locator('div')
    .filter({ has: region.page().getByText(label, { exact: true }) })
    .locator('dd')

async function choose(page: Page, field: string, header: string) {
  await page.getByRole('combobox', { name: field, exact: true }).click()
  await page.getByRole('option', { name: header, exact: true }).click()
  await expect(page.getByRole('combobox', { name: field, exact: true })).toHaveText(header)
}

test('an admin imports a CSV with a column mapping, a dry run and a stage matched by hand, then sees the deals', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const { email } = await registerThroughEmail(page, 'Grace', 'Hopper')
  const errors = collectConsoleErrors(page)

  await page.goto('/imports/')
  await expect(page.getByRole('heading', { name: 'No imports yet' })).toBeVisible()
  await page.getByRole('link', { name: 'New import' }).first().click()
  await expect(page).toHaveURL(/\/imports\/new\/$/)

  // Deals is the default kind; the file's header is read in the browser.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'pipeline.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(pipelineCsv(email)),
  })
  await page.getByRole('button', { name: 'Next: map the columns' }).click()

  // "Owner" is recognised; the others are not, and the required ones stop the upload.
  await expect(page.getByRole('combobox', { name: 'Owner (e-mail)' })).toHaveText('Owner')
  await expect(page.getByRole('combobox', { name: 'Stage', exact: true })).toHaveText(
    'Not imported',
  )
  await page.getByRole('button', { name: 'Upload and check' }).click()
  await expect(page.getByText(/These fields need a column before the upload/)).toBeVisible()
  await choose(page, 'Name', 'Opportunity')
  await choose(page, 'Stage', 'Phase')
  await choose(page, 'Amount', 'Value')
  await page.getByRole('button', { name: 'Upload and check' }).click()

  // The dry run: two deals would be created, the unknown stage is reported on its row.
  await expect(page).toHaveURL(/\/imports\/[0-9a-f-]{36}\/$/)
  const dryRun = page.getByRole('region', { name: 'What the import would do' })
  await expect(dryRun).toBeVisible({ timeout: 15_000 })
  await expect(countOf(dryRun, 'Would create')).toHaveText('2')
  await expect(countOf(dryRun, 'Rows with errors')).toHaveText('1')
  const report = page.getByRole('table', { name: 'Row report' })
  await expect(report.getByRole('row').filter({ hasText: 'On hold' })).toContainText('Phase')

  // "On hold" is matched to a stage; the file is checked again and every row would be created.
  const values = page.getByRole('form', { name: 'Match the values of your file' })
  await values.getByRole('combobox', { name: '“On hold” (1 row)' }).click()
  await page.getByRole('option', { name: /› Discovery$/ }).click()
  await expect(page.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled()
  await values.getByRole('button', { name: 'Check the file again' }).click()
  await expect(countOf(dryRun, 'Would create')).toHaveText('3', { timeout: 15_000 })
  await expect(countOf(dryRun, 'Rows with errors')).toHaveText('0')
  await expect(values.getByRole('combobox', { name: '“On hold” (matched)' })).toContainText(
    'Discovery',
  )

  // The commit, its progress, then what it did.
  await page.getByRole('button', { name: 'Import 3 rows' }).click()
  await expect(page.getByText('The import is complete.')).toBeVisible({ timeout: 30_000 })
  const result = page.getByRole('region', { name: 'What the import did' })
  await expect(countOf(result, 'Created')).toHaveText('3')
  await expect(countOf(result, 'Skipped (errors)')).toHaveText('0')

  // The list shows it done; the deals are on the pipeline overview, as a table of the newest.
  await page.goto('/imports/')
  await expect(
    page
      .getByRole('table', { name: 'Imports' })
      .getByRole('row')
      .filter({ hasText: 'pipeline.csv' }),
  ).toContainText('Imported')
  await page.getByRole('link', { name: 'pipeline.csv' }).click()
  await page.getByRole('link', { name: 'See the deals' }).click()
  await expect(page).toHaveURL(/\/pipeline-overview\/\?.*view=table.*sort=-created_at/)
  await expect(page.getByRole('columnheader', { name: 'Added' })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await expect(page.getByRole('link', { name: 'Weber Logistics route planning' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Hansen Freight fleet pilot' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Nordlicht renewal' })).toBeVisible()
  expect(errors).toEqual([])
})
