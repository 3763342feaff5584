import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/** The browser tab's title: the page's own, then the product's name. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation()
  useEffect(() => {
    document.title = `${title} · ${t('app_name')}`
  }, [title, t])
}
