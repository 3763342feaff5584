import { Languages } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import {
  applyUserLanguage,
  chooseLanguage,
  normalizeLanguage,
  SUPPORTED_LANGUAGES,
} from '@/lib/i18n'

/** The header's language choice; mounted with the signed-in shell, it applies the user's own. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation()
  const current = normalizeLanguage(i18n.language)

  // Every render: the shell may first render before the session is restored; once a session is
  // there, the user's language is fetched and applied once for it.
  useEffect(() => {
    void applyUserLanguage(i18n)
  })

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The name holds the code shown ("EN"): a name without the visible text fails WCAG 2.5.3
            (label in name), and voice control users say what they see. */}
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${t('language.label')}: ${current.toUpperCase()}`}
        >
          <Languages aria-hidden="true" />
          <span className="hidden uppercase sm:inline">{current}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('language.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={current}
          onValueChange={(value) => void chooseLanguage(i18n, value)}
        >
          {SUPPORTED_LANGUAGES.map((language) => (
            <DropdownMenuRadioItem key={language} value={language} lang={language}>
              {t(`language.${language}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
