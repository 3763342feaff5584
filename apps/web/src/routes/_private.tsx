import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { PendingLocationPage } from '@/components/layout/pending-location-page'
import { getAccessToken } from '@/lib/access-token'
import { saveRedirectLocation } from '@/lib/redirect-storage'
import { pendingSessionRestore } from '@/lib/session-restore'

function requireSession(href: string) {
  if (getAccessToken()) return
  saveRedirectLocation(href)
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's redirect protocol
  throw redirect({ to: '/login/', replace: true })
}

/** Every private route sits here: a signed-out visitor goes to /login and comes back afterwards. */
export const Route = createFileRoute('/_private')({
  // On first load the session is still being restored: wait for it here, behind the shell (drawn by
  // the root layout) and the page's placeholder. Afterwards the check stays synchronous, so navigating shows no placeholder.
  beforeLoad: ({ location }) => {
    const restoring = pendingSessionRestore()
    if (!restoring) return requireSession(location.href)
    return restoring.then(() => requireSession(location.href))
  },
  pendingComponent: PendingLocationPage,
  // The placeholder shows at once on first load: the session refresh alone can take a while.
  pendingMs: 0,
  component: Outlet,
})
