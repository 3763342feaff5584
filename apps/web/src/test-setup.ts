import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { createTestI18n } from './test-support/test-i18n'

// Components call useTranslation() without a provider, so they find this instance.
createTestI18n()

// findBy*/waitFor give up after 1 s by default; the whole suite shares two CPU cores in CI, where
// rendering a page of 30 rows with their switches can take longer than that.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
})
