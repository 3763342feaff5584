import i18next from 'i18next'
import { getI18n, setI18n } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  APP_VERSION,
  applyDocumentLanguage,
  initI18n,
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

describe('the app’s i18next (spec §1)', () => {
  const testInstance = getI18n()
  const requested: string[] = []

  // What the server's /locales/{lng}/{ns}.json would answer.
  const LOCALES: Record<string, Record<string, string>> = {
    en: { save: 'Save', cancel: 'Cancel', close: 'Close' },
    es: { save: '', cancel: 'Cancelar' },
    de: { save: 'Speichern', cancel: 'Abbrechen', close: 'Schließen' },
  }

  function serveLocales() {
    requested.length = 0
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        requested.push(url)
        const language = /^\/locales\/([a-z]+)\/common\.json/.exec(url)?.[1] ?? ''
        const texts = LOCALES[language]
        return Promise.resolve(texts ? Response.json(texts) : new Response(null, { status: 404 }))
      }),
    )
  }

  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    localStorage.clear()
    // initI18n hands its instance to react-i18next; the other tests render with the test one.
    setI18n(testInstance)
    applyDocumentLanguage('en')
  })

  it('shows the English text for a translation that is empty or missing', async () => {
    serveLocales()
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es')
    const instance = await initI18n(i18next.createInstance())
    expect(instance.language).toBe('es')
    expect(instance.t('save')).toBe('Save')
    expect(instance.t('cancel')).toBe('Cancelar')
    expect(instance.t('close')).toBe('Close')
    expect(requested).toContain(`/locales/es/common.json?v=${APP_VERSION}`)
  })

  it('starts in English on a first visit, whatever the browser’s language', async () => {
    serveLocales()
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE')
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'de'])
    expect(storedLanguage()).toBe('en')
    const instance = await initI18n(i18next.createInstance())
    expect(instance.language).toBe('en')
    expect(instance.t('save')).toBe('Save')
    expect(document.documentElement).toHaveAttribute('lang', 'en')
  })

  it('keeps the stored choice over the browser’s language, and lays out Arabic right to left', async () => {
    serveLocales()
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE')
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar')
    const instance = await initI18n(i18next.createInstance())
    expect(instance.language).toBe('ar')
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
  })
})
