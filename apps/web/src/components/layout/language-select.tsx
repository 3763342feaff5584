import { useTranslation } from 'react-i18next'
import { chooseLanguage, normalizeLanguage, SUPPORTED_LANGUAGES } from '@/lib/i18n'

/**
 * The public pages' language choice: a native select, so signing in does not load the menu
 * machinery the application's header uses (DESIGN §7 budget for the login page).
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation()
  const current = normalizeLanguage(i18n.language)
  return (
    <label className="flex items-center gap-2 text-sm text-gray-700">
      <span className="sr-only">{t('language.label')}</span>
      <select
        value={current}
        onChange={(event) => void chooseLanguage(i18n, event.target.value)}
        className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm text-gray-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </label>
  )
}
