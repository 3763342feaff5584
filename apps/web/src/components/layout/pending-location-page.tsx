import { useRouter, useRouterState } from '@tanstack/react-router'
import type { ComponentType } from 'react'
import { PendingPage } from './pending-page'

// What this reads of a route; the router types each route too precisely to index them by id.
interface PendingRoute {
  options: { pendingComponent?: ComponentType }
}

/**
 * The placeholder of the page being opened, in that page's own shape, while a layout above it (the
 * session restore, the app's layout) is still loading. The shell around it is already drawn.
 */
export function PendingLocationPage() {
  const router = useRouter()
  // The location being opened, not the matches on screen: on first load nothing is on screen yet.
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const leaf = router.matchRoutes(pathname, {}).at(-1)
  const routes = router.routesById as unknown as Record<string, PendingRoute | undefined>
  const LeafPending = leaf ? routes[leaf.routeId]?.options.pendingComponent : undefined
  // The layouts use this component themselves: only a page's own placeholder goes inside.
  return LeafPending && LeafPending !== PendingLocationPage ? <LeafPending /> : <PendingPage />
}
