import { type AnyRouter, useRouter, useRouterState } from '@tanstack/react-router'

/** The layout route of the application's pages, which the app frame surrounds. */
export const APP_LAYOUT = '/_private/_app'

/** The layout route that checks the session: its match succeeds once the visitor is signed in. */
export const SESSION_LAYOUT = '/_private'

/** Whether `pathname` is one of the application's pages (rather than a public one such as /login/). */
export function isAppLocation(router: AnyRouter, pathname: string): boolean {
  return router.matchRoutes(pathname, {}).some((match) => match.routeId === APP_LAYOUT)
}

/** Whether the location being shown or opened is one of the application's pages. */
export function useIsAppLocation(): boolean {
  const router = useRouter()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  return isAppLocation(router, pathname)
}
