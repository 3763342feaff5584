import type { Page } from '@playwright/test'

/**
 * Collects the page's console errors and uncaught exceptions. The one expected error is the
 * browser's own network line for the start-up session refresh of a visitor who is signed out
 * (spec §4: the refresh is always attempted; without a session the server answers 401), and any
 * failed request a test names as expected.
 */
export function collectConsoleErrors(page: Page, expectedFailedRequests: RegExp[] = []): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const failedRequest = message.text().startsWith('Failed to load resource')
      ? message.location().url
      : null
    const expected =
      failedRequest !== null &&
      (failedRequest.endsWith('/auth/refresh') ||
        expectedFailedRequests.some((pattern) => pattern.test(failedRequest)))
    if (!expected) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}
