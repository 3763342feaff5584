import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { Direction } from 'radix-ui'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LazyErrorPage } from '@/components/layout/lazy-error-page'
import { ScrollToTop } from '@/components/layout/scroll-to-top'
import { isRtl } from '@/lib/i18n'
import { loadAppFrame, loadedAppFrame } from './-app-frame-loader'
import { useIsAppLocation } from './-app-location'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <LazyErrorPage variant="not-found" />,
  errorComponent: () => <LazyErrorPage variant="error" />,
})

function RootLayout() {
  const { i18n } = useTranslation()
  const inApp = useIsAppLocation()
  // Radix components (tabs, menus, dialogs) set their own dir: tell them the language's direction.
  return (
    <Direction.Provider dir={isRtl(i18n.language) ? 'rtl' : 'ltr'}>
      <ScrollToTop />
      {inApp ? (
        <LazyAppFrame>
          <Outlet />
        </LazyAppFrame>
      ) : (
        <Outlet />
      )}
    </Direction.Provider>
  )
}

/**
 * The application's frame is a chunk of its own, so that the public pages stay light (DESIGN §7).
 * main.tsx starts loading it with the page, so it is usually there by the first render. If not,
 * nothing shows for the moment it takes: then the frame and page appear at once, rather than the
 * page alone and then again inside the frame. This is state rather than React.lazy: React holds a
 * Suspense boundary's content back for 300 ms after its fallback showed, which would delay the
 * shell past DESIGN §7's first paint.
 */
function LazyAppFrame({ children }: { children: ReactNode }) {
  const [frame, setFrame] = useState(loadedAppFrame)
  const [failure, setFailure] = useState<Error>()
  useEffect(() => {
    if (!frame) loadAppFrame().then(setFrame, (error: unknown) => setFailure(asError(error)))
  }, [frame])
  // A chunk that cannot load (the network, or a new deployment) shows the root's error page.
  if (failure) throw failure
  return frame ? <frame.AppFrame>{children}</frame.AppFrame> : null
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)))
