import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** DESIGN §7: zero serious or critical axe violations on every page. */
export async function expectNoSeriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze()
  const serious = result.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  )
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`),
  ).toEqual([])
}
