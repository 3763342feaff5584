import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { PendingPage } from '@/components/layout/pending-page'
import { getAccessToken } from '@/lib/access-token'
import { saveRedirectLocation } from '@/lib/redirect-storage'

/** Every private route sits here: a signed-out visitor goes to /login and comes back afterwards. */
export const Route = createFileRoute('/_private')({
  beforeLoad: ({ location }) => {
    if (getAccessToken()) return
    saveRedirectLocation(location.href)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's redirect protocol
    throw redirect({ to: '/login/', replace: true })
  },
  pendingComponent: PendingPage,
  component: Outlet,
})
