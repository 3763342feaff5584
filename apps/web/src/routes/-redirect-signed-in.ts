import { redirect } from '@tanstack/react-router'
import { getAccessToken } from '@/lib/access-token'
import { pendingSessionRestore } from '@/lib/session-restore'

function leaveIfSignedIn() {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's redirect protocol
  if (getAccessToken()) throw redirect({ to: '/', replace: true })
}

/** The sign-in and sign-up pages are for visitors: a signed-in user opening them goes to the app. */
export function redirectSignedIn(): void | Promise<void> {
  const restoring = pendingSessionRestore()
  if (!restoring) return leaveIfSignedIn()
  return restoring.then(leaveIfSignedIn)
}
