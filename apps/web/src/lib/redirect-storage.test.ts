import { afterEach, describe, expect, it } from 'vitest'
import {
  isSameOriginPath,
  REDIRECT_STORAGE_KEY,
  saveRedirectLocation,
  takeRedirectLocation,
} from './redirect-storage'

describe('redirect after sign-in', () => {
  afterEach(() => sessionStorage.clear())

  it('keeps the location in session storage and returns it once', () => {
    saveRedirectLocation('/deals/42?tab=activity')
    expect(sessionStorage.getItem(REDIRECT_STORAGE_KEY)).toBe('/deals/42?tab=activity')
    expect(takeRedirectLocation()).toBe('/deals/42?tab=activity')
    expect(takeRedirectLocation()).toBeNull()
  })

  it('never returns to a sign-in page or another site', () => {
    saveRedirectLocation('/login/')
    expect(takeRedirectLocation()).toBeNull()
    sessionStorage.setItem(REDIRECT_STORAGE_KEY, '//evil.example/x')
    expect(takeRedirectLocation()).toBeNull()
  })

  it('refuses every spelling of another origin, backslashes and control characters included', () => {
    for (const href of [
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '//evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/deals\u0000',
      '/deals\u007f',
      'https://evil.example/',
      'javascript:alert(1)',
      'deals/42',
      '',
    ]) {
      expect(isSameOriginPath(href), JSON.stringify(href)).toBe(false)
      sessionStorage.setItem(REDIRECT_STORAGE_KEY, href)
      expect(takeRedirectLocation(), JSON.stringify(href)).toBeNull()
    }
  })

  it("accepts the app's own paths, with their query and fragment", () => {
    for (const href of ['/', '/deals/42?tab=activity#notes', '/settings/crm/', '/a\\b']) {
      expect(isSameOriginPath(href), href).toBe(true)
    }
  })
})
