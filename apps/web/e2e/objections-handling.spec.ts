import { mkdirSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/accessibility'
import { collectConsoleErrors } from './support/console-errors'
import { signInToDemo } from './support/demo'
import { expectNoHorizontalOverflow } from './support/layout'

// The objection-handling report (issue 14) on the demo workspace, which the e2e server creates on
// start-up and analyses in the background.

const SHOTS = '/tmp/shots'
const LOAD_MS = 30_000

const typeTable = (page: Page) => page.getByRole('table', { name: 'Objections per type' })

/** How many objections of the type the report counts: its row's first number. */
async function raisedOf(page: Page, typeName: string): Promise<number> {
  const row = typeTable(page).getByRole('row', { name: new RegExp(`^${escape(typeName)}`) })
  return Number(await row.getByRole('cell').first().innerText())
}

/** How many quotes the drill-down says the type has: "30 of 152 quotes". */
async function quoteTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ of \d+ quotes?$/).innerText()
  return Number(/of (\d+)/.exec(text)?.[1])
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * The trend's week labels lie inside its chart and apart from each other: the first week's label
 * was once cut by the chart's edge ("3 Nov, 2026" for "23 Nov, 2026"), and weeks' names, longer
 * than months', ran into each other ("23 Mar, 202613 Apr, 2026").
 */
async function expectWeekLabelsInsideAndApart(page: Page) {
  const chart = page.getByRole('img', { name: /^Column chart: .* objections raised/ })
  const bounds = await chart.boundingBox()
  // Each label's text as drawn (its span is as wide as its column, the text may overflow it).
  const labels = await chart.locator('[data-slot="column-labels"] span').evaluateAll((spans) =>
    spans
      .filter((span) => span.textContent && getComputedStyle(span).visibility === 'visible')
      .map((span) => {
        const range = document.createRange()
        range.selectNodeContents(span)
        const { x, width } = range.getBoundingClientRect()
        return { text: span.textContent ?? '', x, width }
      }),
  )
  expect(labels.length).toBeGreaterThan(1)
  let end = Number.NEGATIVE_INFINITY
  for (const label of labels) {
    expect(bounds && label.x >= bounds.x, label.text).toBe(true)
    expect(bounds && label.x + label.width <= bounds.x + bounds.width, label.text).toBe(true)
    expect(label.x, `${label.text} starts after the label before it`).toBeGreaterThan(end)
    end = label.x + label.width
  }
}

/**
 * The report once the demo's background analyses are done, so that a change of the counts seen
 * later is the test's own doing.
 */
async function settledReport(page: Page) {
  await expect(typeTable(page)).toBeVisible({ timeout: LOAD_MS })
  await expect(page.getByText(/Analysing deals in the background/)).toBeHidden({
    timeout: 300_000,
  })
  await page.reload()
  await expect(typeTable(page)).toBeVisible({ timeout: LOAD_MS })
}

test('the objection report: read it, drill into a type, open a quote in its call, reject a detection', async ({
  page,
}) => {
  test.setTimeout(480_000)
  mkdirSync(SHOTS, { recursive: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInToDemo(page)
  const errors = collectConsoleErrors(page)

  await page.goto('/objections-handling/')
  await expect(page.getByRole('heading', { level: 1, name: 'Objection handling' })).toBeVisible({
    timeout: LOAD_MS,
  })
  await settledReport(page)
  // The report shows the pipeline the header shows, as the dashboard does.
  const headerPipeline = (
    await page.getByRole('banner').getByRole('combobox', { name: 'Pipeline' }).innerText()
  ).trim()
  await expect(
    page.getByRole('region', { name: 'Filters' }).getByRole('combobox', { name: 'Pipeline' }),
  ).toHaveText(headerPipeline)
  await expect(
    page.getByRole('table', { name: 'Handled rate per rep and objection type' }),
  ).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/objections-report-1280.png` })
  await expectWeekLabelsInsideAndApart(page)
  await page.getByRole('heading', { name: 'By rep' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/objections-reps-1280.png` })

  // The most raised type, its quotes and best answers.
  const firstType = typeTable(page).locator('tbody tr').first().getByRole('button')
  const typeName = (await firstType.innerText()).trim()
  const before = await raisedOf(page, typeName)
  await firstType.click()
  await expect(page).toHaveURL(/objections_type=[0-9a-f-]{36}/)
  await expect(page.getByRole('heading', { name: `${typeName}: quotes and answers` })).toBeVisible({
    timeout: LOAD_MS,
  })
  const quotes = page.getByRole('list', { name: 'Every quote' })
  await expect(quotes.getByRole('listitem').first()).toBeVisible({ timeout: LOAD_MS })
  await expect(page.getByRole('heading', { name: 'Best answers' })).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByRole('heading', { name: 'Best answers' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/objections-drilldown-1280.png` })

  // The newest quote, in the call or e-mail it was raised in, with its sentence marked.
  const quote = quotes.getByRole('listitem').first()
  const said = (await quote.locator('blockquote').innerText()).replace(/^“|”$/g, '').trim()
  await quote.getByRole('button', { name: /Open in transcript/ }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.locator('mark').first()).toBeVisible({ timeout: LOAD_MS })
  await expect(dialog.locator('mark').first()).toContainText(said.slice(0, 20))
  await page.screenshot({ path: `${SHOTS}/objections-transcript-1280.png` })
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  const quotesBefore = await quoteTotal(page)
  // "Not an objection": the report no longer counts it, at once. (The deal is analysed again
  // with the correction, which may drop the sentence's paraphrases too: fewer, not one fewer.)
  await quote.getByRole('button', { name: 'Not an objection' }).click()
  await expect(page.getByText('Marked as not an objection.', { exact: false })).toBeVisible()
  await expect.poll(() => raisedOf(page, typeName), { timeout: LOAD_MS }).toBeLessThan(before)
  // The demo's buyers say the same sentences in many deals: the list's total tells it went.
  await expect.poll(() => quoteTotal(page), { timeout: LOAD_MS }).toBeLessThan(quotesBefore)
  await page.screenshot({ path: `${SHOTS}/objections-rejected-1280.png` })

  // The correction is listed, and taking it back restores the count.
  await page.getByRole('tab', { name: 'Corrections' }).click()
  await expect(page).toHaveURL(/objections_tab=corrections/)
  const corrections = page.getByRole('table', { name: 'Corrections, newest first' })
  const row = corrections.getByRole('row').filter({ hasText: said.slice(0, 20) })
  await expect(row).toBeVisible({ timeout: LOAD_MS })
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/objections-corrections-1280.png` })
  await row.getByRole('button', { name: /^Undo the correction/ }).click()
  await expect(row).toHaveCount(0, { timeout: LOAD_MS })
  await page.getByRole('tab', { name: 'Report' }).click()
  // Taking it back analyses the deal again, which finds the sentence anew: read the report until then.
  await expect(async () => {
    await page.reload()
    await expect(typeTable(page)).toBeVisible({ timeout: LOAD_MS })
    expect(await raisedOf(page, typeName)).toBe(before)
  }).toPass({ timeout: 120_000, intervals: [2_000, 5_000] })

  // A phone: the tables scroll inside their own regions, the page does not.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(typeTable(page)).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/objections-report-390.png` })

  expect(errors).toEqual([])
})

test('the objection report reads right to left in Arabic', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInToDemo(page)
  await page.goto('/objections-handling/')
  await expect(typeTable(page)).toBeVisible({ timeout: LOAD_MS })
  await page.getByRole('button', { name: 'Language' }).click()
  await page.getByRole('menuitemradio', { name: 'العربية' }).click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('table', { name: 'الاعتراضات حسب النوع' })).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'نسبة المعالجة حسب المندوب ونوع الاعتراض' }),
  ).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: `${SHOTS}/objections-ar-1280.png` })
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoHorizontalOverflow(page)
  await page.screenshot({ path: `${SHOTS}/objections-ar-390.png` })

  // The demo user's language is theirs: back to English for the specs that follow.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByRole('button', { name: 'اللغة' }).click()
  await page.getByRole('menuitemradio', { name: 'English' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})
