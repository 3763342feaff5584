import { getI18n } from 'react-i18next'

// Every language's texts, for tests that render a screen in a language other than English.
const locales = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
})

/**
 * Loads `language`'s texts into the tests' i18next and switches to it. The test files share one
 * i18next (isolate: false): switch back to 'en' after each test.
 */
export async function switchLanguage(language: string) {
  const i18n = getI18n()
  for (const [file, texts] of Object.entries(locales)) {
    const [, fileLanguage, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? []
    if (fileLanguage === language && namespace) i18n.addResourceBundle(language, namespace, texts)
  }
  await i18n.changeLanguage(language)
}
