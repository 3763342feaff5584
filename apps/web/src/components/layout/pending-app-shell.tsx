import { useRouter, useRouterState } from '@tanstack/react-router'
import type { ComponentType } from 'react'
import { AppShell } from './app-shell'
import { PendingPage } from './pending-page'

/**
 * The application's frame while the session or the layout is still loading: the sidebar and the
 * header at once, and the placeholder of the page being opened (its own shape) inside.
 */
// What this reads of a route; the router types each route too precisely to index them by id.
interface PendingRoute {
  options: { pendingComponent?: ComponentType }
}

export function PendingAppShell() {
  const router = useRouter()
  // The location being opened, not the matches on screen: on first load nothing is on screen yet.
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const leaf = router.matchRoutes(pathname, {}).at(-1)
  const routes = router.routesById as unknown as Record<string, PendingRoute | undefined>
  const LeafPending = leaf ? routes[leaf.routeId]?.options.pendingComponent : undefined
  // The layouts use this component themselves: only a page's own placeholder goes inside.
  const Placeholder = LeafPending && LeafPending !== PendingAppShell ? LeafPending : PendingPage
  return (
    <AppShell>
      <Placeholder />
    </AppShell>
  )
}
