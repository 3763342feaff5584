import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { createTestI18n } from './test-support/test-i18n'

// Components call useTranslation() without a provider, so they find this instance.
createTestI18n()

afterEach(() => {
  cleanup()
})
