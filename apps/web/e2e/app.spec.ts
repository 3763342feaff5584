import { expect, test } from '@playwright/test'
import { collectConsoleErrors } from './support/console-errors'

test('the app served by the real server loads and talks to the API', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  await page.goto('/login/')

  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('Service online · version 0.139.1')
  expect(errors).toEqual([])
})

test('the API documentation renders', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  await page.goto('/docs/')

  // Swagger UI parses a 1.4 MB bundle and then the whole 150 KB document before it draws the
  // title: 4–7 s on a busy two-core CI machine. This checks that it renders, not how fast.
  await expect(page.getByRole('heading', { name: /Dealcoach API/ })).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByText('/health').first()).toBeVisible()
  expect(errors).toEqual([])
})

test('translations are served with the app version', async ({ request }) => {
  const response = await request.get('/locales/en/common.json?v=0.139.1')
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toContain('immutable')
  expect(await response.json()).toMatchObject({ app_name: 'Dealcoach' })
})
