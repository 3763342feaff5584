import { mkdirSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { acceptInvitation, registerThroughEmail, sendInvitation } from './support/accounts'
import { expectNoSeriousViolations } from './support/accessibility'
import { collectConsoleErrors } from './support/console-errors'
import { expectNoHorizontalOverflow } from './support/layout'

// Screenshots for people reviewing a run (next to Playwright's own output).
const SHOTS = 'test-results/screenshots'
mkdirSync(SHOTS, { recursive: true })

/** A sign-up starts with 9 objection types; 25 more make two pages of 30. */
const SEEDED = 9
const BULK = 25

/** An access token for API calls of the signed-in browser (its refresh cookie is shared). */
async function accessToken(page: Page): Promise<string> {
  const response = await page.request.get('/auth/refresh')
  expect(response.ok()).toBe(true)
  const body = (await response.json()) as { access_token?: string; token?: string }
  const token = body.access_token ?? body.token
  expect(token).toBeTruthy()
  return token ?? ''
}

async function createTypesThroughApi(page: Page, names: string[]) {
  const token = await accessToken(page)
  for (const name of names) {
    const response = await page.request.post('/v1/objections/types', {
      headers: { authorization: `Bearer ${token}` },
      data: { id: crypto.randomUUID(), name, description: `Made for the paging test: ${name}` },
    })
    expect(response.status()).toBe(201)
  }
}

/** The card of one type in the list, found through its name link. */
const typeCard = (page: Page, name: string) =>
  page
    .locator('[data-slot="objection-type"]')
    .filter({ has: page.getByRole('link', { name, exact: true }) })

test('an admin creates, edits, switches off, finds, pages, adds and deletes objection types', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await registerThroughEmail(page, 'Amara', 'Osei')
  const errors = collectConsoleErrors(page)
  const bulk = Array.from(
    { length: BULK },
    (_, index) => `Bulk ${String(index + 1).padStart(2, '0')}`,
  )
  await createTypesThroughApi(page, bulk)
  const total = SEEDED + BULK

  await page.goto('/configure/objections/')
  await expect(page.getByRole('heading', { level: 1, name: 'Objection types' })).toBeVisible()
  await expect(page.getByText(`1–30 of ${total}`)).toBeVisible()
  await expect(page.locator('[data-slot="objection-type"]')).toHaveCount(30)
  await expect(typeCard(page, 'Price / budget')).toContainText('Built-in')
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/objection-types-admin-1280.png` })

  // Paging: the page is in the URL.
  await page.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/configure\/objections\/\?page=2$/)
  await expect(page.getByText(`31–${total} of ${total}`)).toBeVisible()
  await expect(page.locator('[data-slot="objection-type"]')).toHaveCount(total - 30)
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
  await page.getByRole('link', { name: 'Previous' }).click()
  await expect(page.getByText(`1–30 of ${total}`)).toBeVisible()

  // Create, with one blank example that is dropped.
  await page.getByRole('link', { name: 'New objection type' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New objection type' })).toBeVisible()
  await page.getByRole('button', { name: 'Create objection type' }).click()
  await expect(page.getByText('Give the objection type a name.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await expectNoSeriousViolations(page)
  await page.getByRole('textbox', { name: 'Name' }).fill('Procurement delay')
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('Purchasing or legal review pushes the signature back.')
  await page.getByRole('button', { name: 'Add example' }).click()
  await page.keyboard.type('Procurement needs another month.')
  await page.getByRole('button', { name: 'Add example' }).click()
  await page.screenshot({ path: `${SHOTS}/objection-type-new-1280.png`, fullPage: true })
  await page.getByRole('button', { name: 'Create objection type' }).click()
  await expect(page.getByText('Objection type “Procurement delay” created.')).toBeVisible()
  await expect(page).toHaveURL(/\/configure\/objections\/$/)
  await expect(page.getByText(`1–30 of ${total + 1}`)).toBeVisible()

  // Search: debounced, kept in the URL.
  const search = page.getByRole('searchbox', { name: 'Search objection types' })
  await search.fill('procurement delay')
  await expect(page).toHaveURL(/search=procurement(%20|\+)delay/)
  await expect(page.locator('[data-slot="objection-type"]')).toHaveCount(1)
  const card = typeCard(page, 'Procurement delay')
  await expect(card).toContainText('1 example')
  await expect(card).toContainText('Custom')
  await expect(card).toContainText('Not approved')

  // Edit.
  await card.getByRole('link', { name: 'Edit “Procurement delay”' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Procurement delay' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'example 1' })).toHaveValue(
    'Procurement needs another month.',
  )
  await expect(page.getByText('0 objections found')).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByRole('textbox', { name: 'Name' }).fill('Procurement delays')
  await page.getByRole('button', { name: 'Add example' }).click()
  await page.keyboard.type('Legal has not looked at it yet.')
  await page.screenshot({ path: `${SHOTS}/objection-type-edit-1280.png`, fullPage: true })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Objection type “Procurement delays” saved.')).toBeVisible()
  // Back on the list as it was left: the search travelled to the form and back.
  await expect(page).toHaveURL(/\/configure\/objections\/\?search=procurement(%20|\+)delay$/)

  // Deactivate and approve from the list.
  await search.fill('procurement delay')
  const edited = typeCard(page, 'Procurement delays')
  await expect(edited).toContainText('2 examples')
  const active = edited.getByRole('switch', { name: 'Active: Procurement delays' })
  await expect(active).toBeChecked()
  await active.click()
  await expect(active).not.toBeChecked()
  await expect(page.getByText('“Procurement delays” is inactive.')).toBeVisible()
  await edited.getByRole('button', { name: 'Approve “Procurement delays”' }).click()
  await expect(page.getByText('“Procurement delays” is approved.')).toBeVisible()
  await expect(edited).toContainText('Approved')
  await edited.getByRole('button', { name: 'Objections found for “Procurement delays”' }).click()
  await expect(edited.getByText('0 objections found')).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/objection-types-search-1280.png` })

  // A search without match.
  await search.fill('zebra crossing')
  await expect(
    page.getByRole('heading', { name: 'No objection type matches “zebra crossing”' }),
  ).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(search).toHaveValue('')
  await expect(page.getByText(`1–30 of ${total + 1}`)).toBeVisible()

  // Add a framework's types.
  await page.getByRole('button', { name: 'Add types from a framework' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add objection types from a framework' })
  await dialog.getByRole('radio', { name: 'MEDDIC', exact: true }).click()
  await expect(dialog.getByRole('region', { name: 'Objection types of MEDDIC' })).toContainText(
    'Value not quantified',
  )
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/objection-types-framework-dialog.png` })
  await dialog.getByRole('button', { name: 'Add objection types' }).click()
  // MEDDIC's decision-process type is alike a built-in one: merged into it, not added.
  const added = page.getByText(
    /^\d+ objection types? added from MEDDIC\. Examples went into \d+ similar types? you already had\.$/,
  )
  await expect(added).toBeVisible()
  const counts = /^(\d+)\D+(\d+)/.exec((await added.textContent()) ?? '')
  const addedCount = Number(counts?.[1])
  const mergedCount = Number(counts?.[2])
  expect(addedCount).toBeGreaterThan(0)
  expect(mergedCount).toBeGreaterThan(0)
  const afterFramework = total + 1 + addedCount
  await expect(page.getByText(`1–30 of ${afterFramework}`)).toBeVisible()
  await search.fill('Value not quantified')
  await expect(typeCard(page, 'Value not quantified')).toContainText('From a framework')

  // Delete one, after confirming.
  await search.fill('Bulk 01')
  await page.getByRole('button', { name: 'Delete “Bulk 01”' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete “Bulk 01”?' })
  await expectNoSeriousViolations(page)
  await confirm.getByRole('button', { name: 'Delete objection type' }).click()
  await expect(page.getByText('Objection type “Bulk 01” deleted.')).toBeVisible()
  await expect(
    page.getByRole('heading', { name: 'No objection type matches “Bulk 01”' }),
  ).toBeVisible()

  // Everything was kept.
  await page.goto('/configure/objections/?search=procurement%20delay')
  const kept = typeCard(page, 'Procurement delays')
  await expect(kept.getByRole('switch', { name: 'Active: Procurement delays' })).not.toBeChecked()
  await expect(kept).toContainText('2 examples')
  await expect(kept).toContainText('Approved')
  await page.goto('/configure/objections/')
  await expect(page.getByText(`1–30 of ${afterFramework - 1}`)).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/objection-types-admin-after-1280.png`, fullPage: true })

  // A phone-sized screen, and right to left.
  await page.setViewportSize({ width: 375, height: 740 })
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/objection-types-admin-375.png` })
  await page.goto('/configure/objections/?search=procurement%20delay')
  await expectNoHorizontalOverflow(page)
  await page.getByRole('link', { name: 'Edit “Procurement delays”' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Procurement delays' })).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/objection-type-edit-375.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  // One language preference: the header's picker saves it to the user, whose language a
  // reload applies (local storage alone would be overruled by the user's own).
  const saved = page.waitForResponse(
    (answer) => answer.url().endsWith('/v1/users/me') && answer.request().method() === 'PATCH',
  )
  await page.getByRole('button', { name: 'Language' }).click()
  await page.getByRole('menuitemradio', { name: 'العربية' }).click()
  await saved
  await page.goto('/configure/objections/?page=2')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: 'أنواع الاعتراضات' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/objection-types-ar-1280.png` })
  await page.setViewportSize({ width: 375, height: 740 })
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/objection-types-ar-375.png` })

  expect(errors).toEqual([])
})

test('a member sees the objection types read-only', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await registerThroughEmail(page, 'Kofi', 'Mensah')
  await page.goto('/settings/')
  const memberEmail = await sendInvitation(page, 'Efua', 'Asante')
  const context = await browser.newContext()
  const member = await context.newPage()
  // The not-found check at the end asks for an unknown type on purpose.
  const errors = collectConsoleErrors(member, [/\/v1\/objections\/types\/0{8}-0{4}-/])
  await acceptInvitation(member, memberEmail)

  await member.goto('/configure/objections/')
  await expect(member.getByRole('heading', { level: 1, name: 'Objection types' })).toBeVisible()
  await expect(member.getByText(/Only admins can change objection types/)).toBeVisible()
  await expect(member.getByText(`1–${SEEDED} of ${SEEDED}`)).toBeVisible()
  await expect(member.getByRole('switch', { name: 'Active: Price / budget' })).toBeDisabled()
  await expect(member.getByRole('link', { name: 'New objection type' })).toHaveCount(0)
  await expect(member.getByRole('button', { name: 'Add types from a framework' })).toHaveCount(0)
  await expect(member.getByRole('button', { name: /^(Delete|Approve|Withdraw)/ })).toHaveCount(0)
  await member.getByRole('button', { name: 'Objections found for “Price / budget”' }).click()
  await expect(member.getByText('0 objections found')).toBeVisible()
  await expectNoSeriousViolations(member)
  await member.screenshot({ path: `${SHOTS}/objection-types-member-1280.png`, fullPage: true })

  await member.getByRole('link', { name: 'Price / budget', exact: true }).click()
  await expect(member.getByRole('heading', { level: 1, name: 'Price / budget' })).toBeVisible()
  await expect(member.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly')
  await expect(member.getByRole('switch', { name: 'Active' })).toBeDisabled()
  await expect(member.getByRole('button', { name: 'Save changes' })).toHaveCount(0)
  await expect(member.getByRole('button', { name: /^Add example|^Remove example/ })).toHaveCount(0)
  await expectNoSeriousViolations(member)
  await member.screenshot({ path: `${SHOTS}/objection-type-member-1280.png`, fullPage: true })
  await member.setViewportSize({ width: 375, height: 740 })
  await expectNoHorizontalOverflow(member)
  await member.setViewportSize({ width: 1280, height: 800 })

  await member.goto('/configure/objections/new/')
  await expect(
    member.getByRole('heading', { name: 'Objection types are edited by admins' }),
  ).toBeVisible()
  await expect(member.getByRole('main').getByRole('textbox')).toHaveCount(0)
  await expectNoSeriousViolations(member)

  // An unknown id is the page's not-found state.
  await member.goto('/configure/objections/00000000-0000-4000-8000-000000000000/edit/')
  await expect(
    member.getByRole('heading', { name: 'This objection type does not exist' }),
  ).toBeVisible()
  expect(errors).toEqual([])
  await context.close()
})
