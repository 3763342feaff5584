import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/accessibility'
import { collectConsoleErrors } from './support/console-errors'
import { signInToDemo } from './support/demo'
import { expectNoHorizontalOverflow } from './support/layout'

// The pipeline overview's board (issue 13) on the demo workspace, which the e2e server creates.

const SHOTS = '/tmp/shots'

const columns = (page: Page) =>
  page.getByRole('region', { name: 'Deals by stage' }).locator('[data-slot="board-column"]')

const stageName = async (column: Locator) =>
  ((await column.locator('h2 > span').first().textContent()) ?? '').trim()

const dealLink = (column: Locator, name: string) => column.getByRole('link', { name, exact: true })

test('the board filters, moves a deal by its menu and by keyboard, and switches to the table', async ({
  page,
}) => {
  test.setTimeout(420_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInToDemo(page)
  const errors = collectConsoleErrors(page)

  await page.goto('/pipeline-overview/')
  const board = columns(page)
  await expect(board.first().getByRole('article').first()).toBeVisible({ timeout: 15_000 })
  expect(await board.count()).toBeGreaterThanOrEqual(3)
  await expect(page).toHaveURL(/pipeline=[0-9a-f-]{36}/)
  const [first, second, third] = [board.nth(0), board.nth(1), board.nth(2)]
  const name = (
    (await first.getByRole('article').first().getByRole('link').textContent()) ?? ''
  ).trim()
  const [from = '', to = '', further = ''] = await Promise.all(
    [first, second, third].map(stageName),
  )
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/pipeline-board-1280.png` })

  // Searching narrows every column and is kept in the URL.
  await page.getByRole('searchbox', { name: 'Search deals' }).fill(name)
  await expect(page).toHaveURL(/searchQuery=/)
  await expect(dealLink(first, name)).toBeVisible()
  const shown = await page.getByRole('article').count()
  expect(shown).toBeLessThan(10)

  // The Move to stage menu: the card changes column at once and stays there after a reload.
  const patched = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/v1/deals/'),
  )
  await first
    .getByRole('button', { name: `Move ${name} to another stage` })
    .first()
    .click()
  await page.getByRole('menuitem', { name: to, exact: true }).click()
  await expect(dealLink(second, name)).toBeVisible()
  expect((await patched).status()).toBe(200)
  await page.reload()
  await expect(dealLink(columns(page).nth(1), name)).toBeVisible({ timeout: 15_000 })
  await expect(dealLink(columns(page).nth(0), name)).toHaveCount(0)

  // The keyboard: pick the card up by its handle, move it one column on, drop it.
  // Known issue: the board refetching while the demo's background analyses finish can drop a
  // keyboard drag in flight, so the keys wait for the analyses to be done.
  await expect(page.getByText(/Analysing deals in the background/)).toBeHidden({
    timeout: 240_000,
  })
  await page
    .getByRole('button', { name: `Drag ${name}` })
    .first()
    .focus()
  // Each key waits for the drag's own announcement: the sensor listens for arrows only after the
  // pick-up has been handled, so keys typed ahead of it would be lost on a busy machine. (The
  // pick-up's own words are replaced at once by where the card is.)
  const announced = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached()
  await page.keyboard.press('Space')
  await announced(`${name} is over ${to}.`)
  await page.keyboard.press('ArrowRight')
  await announced(`${name} is over ${further}.`)
  await page.keyboard.press('Space')
  await announced(`${name} dropped in ${further}.`)
  await expect(dealLink(columns(page).nth(2), name)).toBeVisible()
  await page.reload()
  await expect(dealLink(columns(page).nth(2), name)).toBeVisible({ timeout: 15_000 })

  // The deal screen shows where the deal is now and the moves in its stage history.
  await dealLink(columns(page).nth(2), name).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const history = page.getByRole('list', { name: 'Stage history' })
  await expect(history.getByText(`${from} → ${to}`)).toBeVisible()
  await expect(history.getByText(`${to} → ${further}`)).toBeVisible()
  await page.goBack()

  // The table shows the same filtered deals; the view is in the URL.
  await page.getByRole('button', { name: 'Table' }).click()
  await expect(page).toHaveURL(/view=table/)
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) })
  await expect(row).toContainText(further)
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).not.toHaveURL(/searchQuery=/)
  await expect(page.getByRole('row').nth(5)).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/pipeline-table-1280.png` })

  await page.setViewportSize({ width: 375, height: 812 })
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/pipeline-table-375.png`, fullPage: true })
  await page.getByRole('button', { name: 'Board' }).click()
  await expect(columns(page).first().getByRole('article').first()).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/pipeline-board-375.png` })
  expect(errors).toEqual([])
})
