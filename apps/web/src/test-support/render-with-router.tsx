import {
  type AnyRootRoute,
  type AnyRoute,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { renderWithQuery } from './render-with-query'

/**
 * Renders `element` as the page at '/' behind a memory router that starts at `path`, so that
 * links and navigation work as in the app; `routes` adds more pages under the same root, and
 * `client` is a query client the test filled first. Answers the router, for tests that follow a
 * navigation.
 */
export function renderWithRouter(
  element: ReactNode,
  {
    path = '/',
    routes = () => [],
    client,
  }: { path?: string; routes?: (root: AnyRootRoute) => AnyRoute[]; client?: QueryClient } = {},
) {
  const root = createRootRoute()
  const start = createRoute({ getParentRoute: () => root, path: '/', component: () => element })
  const router = createRouter({
    routeTree: root.addChildren([start, ...routes(root)]),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  renderWithQuery(<RouterProvider router={router} />, client)
  return router
}
