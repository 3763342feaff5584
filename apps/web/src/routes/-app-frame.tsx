import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { AppShell } from '@/components/layout/app-shell'
import { PipelinePicker, PipelinePickerPlaceholder } from '@/components/layout/pipeline-picker'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { logout } from '@/features/auth/api/logout'
import { meQueryOptions } from '@/features/settings/api/get-me'
import { readAccessTokenClaims } from '@/lib/access-token'
import { useCurrentPipeline, useCurrentPipelineStore } from '@/stores/current-pipeline'
import { SESSION_LAYOUT } from './-app-location'

/**
 * The application's sidebar and header around its pages. It is drawn by the root layout, not by a
 * private route, so that it is mounted once: the same shell shows while the session is restored and
 * after, and a menu opened meanwhile stays open. The root layout loads it lazily: the public pages
 * (sign-in, sign-up) never download the shell, its menus, tooltips and toasts (DESIGN §7).
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  // The session is known once the layout that checks it has loaded. Not the app's layout: a route
  // with nothing to load is matched as loaded at once, before its parent's session check is over.
  const signedIn = useRouterState({
    select: (state) =>
      state.matches.some((match) => match.routeId === SESSION_LAYOUT && match.status === 'success'),
  })
  // Spec §3: the token's first_name and last_name name the signed-in user at once. The profile
  // names the workspace, and is newer than the token after a profile save: it wins once loaded.
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn })
  const claims = signedIn ? readAccessTokenClaims() : null
  const named = me.data ?? claims
  const userName = named ? `${named.first_name} ${named.last_name}`.trim() : undefined
  const signOut = () => {
    void logout().finally(() => navigate({ to: '/login/' }))
  }
  // One AppShell element whatever the state, so React keeps it (and its open menus) mounted.
  return (
    <AppShell
      userName={userName}
      workspaceName={me.data?.organisation.name}
      onSignOut={signedIn ? signOut : undefined}
      pipelinePicker={signedIn ? <HeaderPipelinePicker /> : undefined}
    >
      {children}
    </AppShell>
  )
}

/** The pipeline chosen here is the one the dashboard and reports show. */
export function HeaderPipelinePicker() {
  const pipelines = usePipelines()
  const setPipelineId = useCurrentPipelineStore((state) => state.setPipelineId)
  const models = pipelines.data?.models ?? []
  const active = models.filter((pipeline) => pipeline.active)
  const selected = useCurrentPipeline(models)
  if (pipelines.isPending) return <PipelinePickerPlaceholder />
  return <PipelinePicker pipelines={active} value={selected?.id ?? null} onChange={setPipelineId} />
}
