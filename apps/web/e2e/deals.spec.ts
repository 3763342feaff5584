import path from 'node:path'
import { expect, test } from '@playwright/test'
import { registerThroughEmail } from './support/accounts'
import { signInToDemo } from './support/demo'
import { collectConsoleErrors } from './support/console-errors'

const CALL = path.join(import.meta.dirname, 'fixtures', 'discovery-call.vtt')

test('a new user creates a deal, uploads a WebVTT call and sees it analysed', async ({ page }) => {
  test.setTimeout(120_000)
  await registerThroughEmail(page, 'Ada', 'Lovelace')
  const errors = collectConsoleErrors(page)

  await page.goto('/pipeline-overview/')
  await expect(page.getByRole('heading', { name: 'No deals in this pipeline yet' })).toBeVisible()
  await page.getByRole('button', { name: 'Create your first deal' }).click()
  const dialog = page.getByRole('dialog', { name: 'New deal' })
  await dialog.getByRole('textbox', { name: 'Deal name' }).fill('Weber Logistics route planning')
  await dialog.getByRole('spinbutton', { name: 'Amount' }).fill('48000')
  await dialog.getByRole('button', { name: 'Add a contact' }).click()
  await dialog.getByRole('textbox', { name: 'Contact 1: name' }).fill('Jonas Weber')
  await dialog.getByRole('textbox', { name: 'Contact 1: e-mail' }).fill('jonas@weber.example')
  await dialog.getByRole('button', { name: 'Create deal' }).click()
  await expect(page).toHaveURL(/\/deals\/[0-9a-f-]{36}\/$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Weber Logistics route planning' }),
  ).toBeVisible()
  await expect(page.getByText('No analysis yet — upload a call or e-mail.')).toBeVisible()

  // The file's speakers are matched: Ada is a user of the workspace, Jonas a contact of the deal.
  await page.getByRole('button', { name: 'Add call or e-mail' }).click()
  const upload = page.getByRole('dialog', { name: 'Add a call or an e-mail' })
  await upload.locator('input[type="file"]').setInputFiles(CALL)
  await upload.getByRole('button', { name: 'Continue' }).click()
  await expect(upload.getByRole('radiogroup', { name: 'Ada Lovelace' })).toBeVisible()
  await expect(
    upload.getByRole('radiogroup', { name: 'Ada Lovelace' }).getByRole('radio', { name: 'Seller' }),
  ).toBeChecked()
  await expect(
    upload.getByRole('radiogroup', { name: 'Jonas Weber' }).getByRole('radio', { name: 'Buyer' }),
  ).toBeChecked()
  // The call is filed under the title the user gives it.
  await expect(upload.getByRole('textbox', { name: 'Title' })).toHaveValue('discovery-call')
  await upload.getByRole('textbox', { name: 'Title' }).fill('Discovery call with Jonas')
  const uploadedAt = Date.now()
  await upload.getByRole('button', { name: 'Save' }).click()
  await expect(upload).toHaveCount(0)

  // "Analysing…" while the job runs, then the engine's findings, without a reload.
  // The deal screen (issue 12) shows the analysis tab; the engagement is listed under Activity.
  await expect(page.getByRole('heading', { name: 'Objections raised' })).toBeVisible({
    timeout: 15_000,
  })
  const analysedInMs = Date.now() - uploadedAt
  test.info().annotations.push({
    type: 'upload to visible analysis (ms)',
    description: String(analysedInMs),
  })
  await expect(page.getByRole('heading', { name: 'Objections raised' })).toBeVisible()
  // The buyer's price objection is quoted (in the objections and as evidence of the budget action).
  await expect(page.getByText(/well above what we budgeted/).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Playbook actions' })).toBeVisible()
  await expect(page.getByText(/^\d+%$/)).toBeVisible()
  await page.getByRole('tab', { name: 'Activity' }).click()
  await expect(page.getByText('discovery-call.vtt').first()).toBeVisible()
  await expect(page.getByText('Discovery call with Jonas').first()).toBeVisible()

  // The same file again is refused, naming the earlier upload.
  await page.getByRole('button', { name: 'Add call or e-mail' }).click()
  await upload.locator('input[type="file"]').setInputFiles(CALL)
  await upload.getByRole('button', { name: 'Continue' }).click()
  await expect(upload.getByText(/already on this deal/)).toBeVisible()
  await expect(upload.getByRole('button', { name: 'Save' })).toHaveCount(0)
  // A file already on the deal can never be saved, so it is no unsaved edit: closing asks nothing.
  await page.keyboard.press('Escape')
  await expect(upload).toHaveCount(0)
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0)

  // The deal is listed on the pipeline overview.
  await page.goto('/pipeline-overview/')
  await expect(page.getByRole('link', { name: 'Weber Logistics route planning' })).toBeVisible()
  expect(errors).toEqual([])
})

test('the demo workspace has deals in every pipeline', async ({ page }) => {
  test.setTimeout(60_000)
  // The e2e server starts on an empty database, so it created the demo and kept its sign-in.
  await signInToDemo(page)

  await page.goto('/pipeline-overview/')
  const picker = page.getByRole('combobox', { name: 'Pipeline' })
  for (const pipeline of ['New Business', 'Expansion', 'Renewals']) {
    await picker.click()
    await page.getByRole('option', { name: pipeline }).click()
    await expect(picker).toHaveText(pipeline)
    await expect(page.getByRole('link').filter({ hasText: /.+/ }).first()).toBeVisible()
    await expect(page.locator('main').getByRole('link', { name: /.+/ }).first()).toBeVisible()
    await expect(page.getByText('No deals in this pipeline yet')).toHaveCount(0)
  }

  // A deal opened from a link while the header shows another pipeline: the header follows the
  // deal, and the deals list reached from there is the deal's pipeline's.
  const renewal = page.locator('main a[href^="/deals/"]').first()
  const renewalName = (await renewal.textContent()) ?? ''
  const renewalHref = (await renewal.getAttribute('href')) ?? ''
  await picker.click()
  await page.getByRole('option', { name: 'New Business' }).click()
  await expect(picker).toHaveText('New Business')
  await page.goto(renewalHref)
  await expect(page.getByRole('heading', { level: 1, name: renewalName })).toBeVisible()
  await expect(picker).toHaveText('Renewals')
  await page.getByRole('link', { name: 'Pipeline overview' }).click()
  await expect(page.locator('main').getByRole('link', { name: renewalName })).toBeVisible()
  await expect(picker).toHaveText('Renewals')
})
