import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { Direction } from 'radix-ui'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorPage } from '@/components/layout/error-page'
import { ScrollToTop } from '@/components/layout/scroll-to-top'
import { isRtl } from '@/lib/i18n'
import { loadAppFrame } from './-app-frame-loader'
import { useIsAppLocation } from './-app-location'

// The application's frame is a chunk of its own, so that the public pages stay light (DESIGN §7).
const AppFrame = lazy(() => loadAppFrame().then((module) => ({ default: module.AppFrame })))

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <ErrorPage variant="not-found" />,
  errorComponent: () => <ErrorPage variant="error" />,
})

function RootLayout() {
  const { i18n } = useTranslation()
  const inApp = useIsAppLocation()
  // Radix components (tabs, menus, dialogs) set their own dir: tell them the language's direction.
  return (
    <Direction.Provider dir={isRtl(i18n.language) ? 'rtl' : 'ltr'}>
      <ScrollToTop />
      {inApp ? (
        // Nothing shows for the moment the frame's chunk takes: then the frame and page appear at
        // once, rather than the page alone and then again inside the frame.
        <Suspense fallback={null}>
          <AppFrame>
            <Outlet />
          </AppFrame>
        </Suspense>
      ) : (
        <Outlet />
      )}
    </Direction.Provider>
  )
}
