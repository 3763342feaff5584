import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '@/lib/use-document-title'
import { LanguageSelect } from './language-select'

/** The frame of the public pages: brand, a centred card and the language switcher. */
export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: string
  description?: string
  children?: ReactNode
  footer?: ReactNode
}) {
  const { t } = useTranslation()
  useDocumentTitle(title)

  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <header className="flex items-center justify-between p-4">
        <span className="flex items-center gap-2 font-semibold text-gray-900">
          <img src="/favicon.svg" alt="" className="size-7" />
          {t('app_name')}
        </span>
        <LanguageSelect />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center p-4 sm:items-center">
        <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
          {description ? <p className="mt-2 text-sm text-gray-600">{description}</p> : null}
          {children ? <div className="mt-6">{children}</div> : null}
        </div>
      </main>
      {footer ? <footer className="p-4">{footer}</footer> : null}
    </div>
  )
}
