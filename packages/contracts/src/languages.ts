/** The interface languages the web app has translations for (apps/web/public/locales/<lng>/). */
export const SUPPORTED_LANGUAGES = ['en', 'es', 'de', 'fr', 'ar'] as const
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number]

/** The detail code of a language the app has no translations for, with `{ supported }`. */
export const UNSUPPORTED_LANGUAGE = 'unsupported_language'

/**
 * The supported language a code names, in any case: a regional code maps to its language (spec
 * §1: en-gb → en; `pt_BR` style too); undefined for a code of a language the app does not have.
 */
export function supportedLanguageOf(code: string): SupportedLanguage | undefined {
  const match = /^([a-z]{2,3})(?:[-_][a-z0-9]{2,8})?$/i.exec(code.trim())
  const base = match?.[1]?.toLowerCase()
  return SUPPORTED_LANGUAGES.find((language) => language === base)
}
