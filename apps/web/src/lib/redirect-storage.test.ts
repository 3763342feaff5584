import { afterEach, describe, expect, it } from 'vitest'
import {
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
})
