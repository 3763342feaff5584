import { lazy, Suspense } from 'react'
import type { ErrorPageProps } from './error-page'

const ErrorPage = lazy(() =>
  import('./error-page').then((module) => ({ default: module.ErrorPage })),
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
