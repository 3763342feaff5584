import i18next, { type i18n } from 'i18next'
import { getI18n, initReactI18next } from 'react-i18next'
import { SUPPORTED_LANGUAGES } from '@dealcoach/contracts/languages'
import type { MeResponse } from '@dealcoach/contracts/users'
import { getAccessToken, readAccessTokenClaims } from './access-token'
import { apiRequest } from './api-client'
import { localesBackend } from './locales-backend'

export const APP_VERSION = '0.139.1'
export const DEFAULT_LANGUAGE = 'en'
/**
 * Languages with complete translations of the shell; others fall back to English. The one list,
 * in the contracts, that PATCH /v1/users/me checks a user's language against too.
 */
export { SUPPORTED_LANGUAGES }
export type { SupportedLanguage } from '@dealcoach/contracts/languages'
/** Spec §1: right-to-left layout for these languages. */
export const RTL_LANGUAGES = ['ar', 'he', 'fa', 'ur', 'ps']
export const LANGUAGE_STORAGE_KEY = 'language'
/** One namespace per feature, loaded on demand; `common` holds the shell. */
export const DEFAULT_NAMESPACE = 'common'

/** Spec §1: regional codes map to their language (en-gb → en). */
export function normalizeLanguage(code: string | null | undefined): string {
  const base = (code ?? '').trim().toLowerCase().split(/[-_]/)[0]
  return base && /^[a-z]{2,3}$/.test(base) ? base : DEFAULT_LANGUAGE
}

export function isRtl(language: string): boolean {
  return RTL_LANGUAGES.includes(normalizeLanguage(language))
}

/**
 * Spec §1: the language kept in local storage, else English. The browser's language is not
 * consulted: a first visit is in English whatever it says.
 */
export function storedLanguage(): string {
  return keptLanguage() ?? DEFAULT_LANGUAGE
}

/**
 * The language this browser keeps (spec §1): one chosen here, or the user's applied here before.
 * Null when none is kept, on a first visit.
 */
function keptLanguage(): string | null {
  try {
    const kept = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return kept ? normalizeLanguage(kept) : null
  } catch {
    return null
  }
}

/** Sets the document's lang and dir so the whole layout follows the language. */
export function applyDocumentLanguage(language: string) {
  document.documentElement.lang = language
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr'
}

export async function changeLanguage(instance: i18n, language: string) {
  const normalized = normalizeLanguage(language)
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, normalized)
  } catch {
    // Private browsing may refuse storage; the language still changes for this visit.
  }
  await instance.changeLanguage(normalized)
}

/**
 * The one language preference: chosen in the header, on the sign-in page or in Settings, it
 * applies at once, stays in local storage for this browser and, when someone is signed in, is
 * stored on their user (a choice made signed out is stored there at sign-in).
 */
export async function chooseLanguage(instance: i18n, language: string) {
  const normalized = normalizeLanguage(language)
  await changeLanguage(instance, normalized)
  if (getAccessToken()) await storeUserLanguage(normalized)
}

async function storeUserLanguage(language: string) {
  try {
    await apiRequest<MeResponse>('/v1/users/me', { method: 'PATCH', body: { language } })
  } catch {
    // Not stored this time: the page stays in the chosen language; the next choice or profile
    // save stores it.
  }
}

let appliedForSession: string | null = null

/**
 * Reconciles this browser's language with the signed-in user's once per session and page load.
 * The language kept in local storage wins (spec §1): a choice made on the sign-in page survives
 * signing in and becomes the user's, so it follows them to other browsers. Only a browser that
 * keeps none takes the user's stored language.
 */
export async function applyUserLanguage(instance: i18n) {
  const claims = readAccessTokenClaims()
  if (!claims) return
  const session = `${claims.sub}/${claims.sid}`
  if (appliedForSession === session) return
  appliedForSession = session
  const me = await apiRequest<MeResponse>('/v1/users/me').catch(() => null)
  if (!me) return
  const kept = keptLanguage()
  if (kept === null) {
    if (normalizeLanguage(me.language) !== normalizeLanguage(instance.language)) {
      await changeLanguage(instance, me.language)
    }
  } else if (
    normalizeLanguage(me.language) !== kept &&
    // The server stores only the languages the app has translations for.
    (SUPPORTED_LANGUAGES as readonly string[]).includes(kept)
  ) {
    await storeUserLanguage(kept)
  }
}

/** The app's i18next: translations fetched from /locales/{lng}/{ns}.json?v=<version>. */
export async function initI18n(instance: i18n = i18next): Promise<i18n> {
  instance.on('languageChanged', applyDocumentLanguage)
  await instance
    .use(localesBackend(APP_VERSION))
    .use(initReactI18next)
    .init({
      lng: storedLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      ns: [DEFAULT_NAMESPACE],
      defaultNS: DEFAULT_NAMESPACE,
      // Spec §1: an empty translation falls back to English.
      returnEmptyString: false,
      returnNull: false,
      showSupportNotice: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      // Ask for the texts now rather than on the next tick (i18next's default): by then the page's
      // chunks are queued ahead of them (main.tsx).
      initAsync: false,
    })
  applyDocumentLanguage(instance.language)
  return instance
}

/** Route loaders call this so a page's texts are there before it renders. */
export async function loadNamespaces(...namespaces: string[]): Promise<void> {
  // The instance react-i18next renders with (the app's, or a test's).
  await getI18n().loadNamespaces(namespaces)
}
