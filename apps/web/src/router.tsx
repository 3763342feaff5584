import type { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { LazyErrorPage } from './components/layout/lazy-error-page'
import { PendingPage } from './components/layout/pending-page'
import { routeTree } from './routeTree.gen'

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders prefetch into TanStack Query, which owns caching; the router should not cache too.
    defaultPreloadStaleTime: 0,
    scrollRestoration: false,
    // Spec §2 writes the pages with a trailing slash (/login/, /dashboard/).
    trailingSlash: 'always',
    defaultPendingComponent: PendingPage,
    defaultNotFoundComponent: () => <LazyErrorPage variant="not-found" />,
    defaultErrorComponent: () => <LazyErrorPage variant="error" />,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
