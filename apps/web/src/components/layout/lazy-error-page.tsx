import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { hardNavigation } from '@/lib/hard-navigation'
import type { ErrorPageProps } from './error-page'

const ErrorPage = lazy(() =>
  import('./error-page').then(
    (module) => ({ default: module.ErrorPage }),
    // The page's chunk cannot load either (offline, or a new deployment replaced it): the plain
    // error below, which the main bundle holds, rather than a blank page.
    () => ({ default: UnloadableErrorPage }),
  ),
)

/**
 * The router's own error and not-found pages, loaded when one is shown: the sign-in page, which
 * loads what the router holds, then need not carry their illustrations (DESIGN §7: login route
 * ≤ 150 KB of JavaScript).
 */
export function LazyErrorPage(props: ErrorPageProps) {
  return (
    <Suspense fallback={null}>
      <ErrorPage {...props} />
    </Suspense>
  )
}

/** Spec §2's error page in words alone, for when the application's code cannot be loaded. */
function UnloadableErrorPage() {
  const { t } = useTranslation()
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-semibold text-gray-900">{t('error_page.error.title')}</h1>
      <p className="text-gray-600">{t('error_page.error.description')}</p>
      <button
        type="button"
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
        onClick={() => hardNavigation.reload()}
      >
        {t('error_page.error.button')}
      </button>
    </main>
  )
}
