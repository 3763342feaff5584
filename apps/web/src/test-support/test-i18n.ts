import i18next, { type i18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'

// Tests render real English texts: every namespace file of public/locales/en, bundled eagerly.
const files = import.meta.glob<Record<string, unknown>>('../../public/locales/en/*.json', {
  eager: true,
  import: 'default',
})

export function englishResources(): Resource {
  const namespaces = Object.fromEntries(
    Object.entries(files).map(([file, content]) => [
      file.replace(/^.*\/(.+)\.json$/, '$1'),
      content,
    ]),
  )
  return { en: namespaces }
}

/** An i18next instance with the English texts loaded synchronously, for component tests. */
export function createTestI18n(): i18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'common',
    resources: englishResources(),
    returnEmptyString: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    // A key missing from English fails the test that renders it (console.error fails tests).
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      console.error(`Missing English translation: ${namespace}:${key}`)
    },
    react: { useSuspense: false },
  })
  return instance
}
