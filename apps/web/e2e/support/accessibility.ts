import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Waits for running transitions and finite animations (a toast fading in, a dialog opening) to
 * end: axe measures colour contrast on what is painted, and text caught mid-fade is half
 * transparent. Spinners and skeleton pulses never end, so only finite ones are awaited.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    // Two frames, so that a transition started by the last render is already running.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
    const finished = Promise.all(finite.map((animation) => animation.finished.catch(() => null)))
    await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 3000))])
  })
}

/** DESIGN §7: zero serious or critical axe violations on every page. */
export async function expectNoSeriousViolations(page: Page) {
  await settleAnimations(page)
  const result = await new AxeBuilder({ page }).analyze()
  const serious = result.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  )
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`),
  ).toEqual([])
}
