import { createFileRoute, Outlet, useNavigate } from '@tanstack/react-router'
import { AppShell } from '@/components/layout/app-shell'
import { PendingPage } from '@/components/layout/pending-page'
import { logout } from '@/features/auth/api/logout'
import { readAccessTokenClaims } from '@/lib/access-token'

export const Route = createFileRoute('/_private/_app')({
  pendingComponent: PendingPage,
  component: AppLayout,
})

function AppLayout() {
  const navigate = useNavigate()
  const signOut = () => {
    void logout().finally(() => navigate({ to: '/login/' }))
  }
  // Spec §3: the token's first_name and last_name name the signed-in user.
  const claims = readAccessTokenClaims()
  const userName = claims ? `${claims.first_name} ${claims.last_name}`.trim() : undefined
  return (
    <AppShell userName={userName} onSignOut={signOut}>
      <Outlet />
    </AppShell>
  )
}
