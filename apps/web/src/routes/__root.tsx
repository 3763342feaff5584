import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { Direction } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { ErrorPage } from '@/components/layout/error-page'
import { ScrollToTop } from '@/components/layout/scroll-to-top'
import { isRtl } from '@/lib/i18n'
import { AppFrame, useIsAppLocation } from './-app-frame'

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
        <AppFrame>
          <Outlet />
        </AppFrame>
      ) : (
        <Outlet />
      )}
    </Direction.Provider>
  )
}
