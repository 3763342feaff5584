import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { notify } from './components/ui/toast'
import { fakeApi } from './test-support/fake-api/fake-api'
import { createTestI18n } from './test-support/test-i18n'

// Components call useTranslation() without a provider, so they find this instance.
createTestI18n()

// findBy*/waitFor give up after 1 s by default; the whole suite shares two CPU cores in CI, where
// rendering a page of 30 rows with their switches can take longer than that.
configure({ asyncUtilTimeout: 5000 })

// DESIGN §3.8: every web test talks to the one fake API; a request it does not serve fails.
beforeAll(() => fakeApi.listen())
afterAll(() => fakeApi.close())

// Tests assert on the toasts a component shows. Spies rather than vi.mock: the test files share
// one module graph per worker (isolate: false), where a module mocked by one file would leak.
// Only these spies are restored here: restoring all would also end vitest.setup.ts's console.error
// spy before it checks its calls.
let toastSpies: { mockRestore(): void }[] = []
beforeEach(() => {
  toastSpies = [vi.spyOn(notify, 'success'), vi.spyOn(notify, 'error'), vi.spyOn(notify, 'dismiss')]
})

afterEach(() => {
  for (const spy of toastSpies) spy.mockRestore()
  cleanup()
  const broken = fakeApi.reset()
  if (broken.length > 0) {
    throw new Error(`The fake API answered outside the contracts:\n${broken.join('\n')}`)
  }
})
