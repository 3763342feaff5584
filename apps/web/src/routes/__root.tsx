import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { ErrorPage } from '@/components/layout/error-page'
import { ScrollToTop } from '@/components/layout/scroll-to-top'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <ErrorPage variant="not-found" />,
  errorComponent: () => <ErrorPage variant="error" />,
})

function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  )
}
