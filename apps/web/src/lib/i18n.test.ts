import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import {
  applyDocumentLanguage,
  isRtl,
  LANGUAGE_STORAGE_KEY,
  normalizeLanguage,
  storedLanguage,
} from './i18n'

describe('language rules (spec §1)', () => {
  afterEach(() => localStorage.clear())

  it('maps regional codes to their language', () => {
    expect(normalizeLanguage('en-gb')).toBe('en')
    expect(normalizeLanguage('en-GB')).toBe('en')
    expect(normalizeLanguage('fr_CA')).toBe('fr')
    expect(normalizeLanguage('')).toBe('en')
    expect(normalizeLanguage(null)).toBe('en')
    expect(normalizeLanguage('???')).toBe('en')
  })

  it('lays out ar, he, fa, ur and ps right to left', () => {
    for (const language of ['ar', 'he', 'fa', 'ur', 'ps', 'ar-EG'])
      expect(isRtl(language)).toBe(true)
    for (const language of ['en', 'de', 'es', 'fr']) expect(isRtl(language)).toBe(false)
  })

  it('reads the language kept in local storage', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en-gb')
    expect(storedLanguage()).toBe('en')
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar')
    expect(storedLanguage()).toBe('ar')
  })

  it('sets the document language and direction', () => {
    applyDocumentLanguage('ar')
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    expect(document.documentElement).toHaveAttribute('lang', 'ar')
    applyDocumentLanguage('de')
    expect(document.documentElement).toHaveAttribute('dir', 'ltr')
  })
})

describe('fallback to English (spec §1)', () => {
  it('shows the English text for a translation that is empty or missing', async () => {
    const instance = i18next.createInstance()
    await instance.init({
      lng: 'es',
      fallbackLng: 'en',
      returnEmptyString: false,
      showSupportNotice: false,
      resources: {
        en: { common: { save: 'Save', cancel: 'Cancel' } },
        es: { common: { save: '', cancel: 'Cancelar' } },
      },
      defaultNS: 'common',
    })
    expect(instance.t('save')).toBe('Save')
    expect(instance.t('cancel')).toBe('Cancelar')
  })
})
